import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** Every membership row of one user, newest first. */
export function membershipsOf(db: Q, userId: string) {
  return db
    .selectFrom('user_memberships')
    .select(['id', 'membership_type', 'is_active', 'starts_at', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type MembershipRow = Awaited<ReturnType<typeof membershipsOf>>[number];

/**
 * Uses up the user's oldest unused pay-as-you-go credit. Conditional on is_active = 1, so two
 * concurrent creates cannot spend the same credit. Returns whether a credit was spent.
 */
export async function consumeOneTimeCredit(db: Q, userId: string, now: string): Promise<boolean> {
  const credit = await db
    .selectFrom('user_memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('membership_type', '=', 'one_time')
    .where('is_active', '=', 1)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  if (!credit) return false;
  const r = await db
    .updateTable('user_memberships')
    .set({ is_active: 0, updated_at: now })
    .where('id', '=', credit.id)
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** For tests, seeds and the payments feature: one membership row; false when its payment session already granted one. */
export async function insertMembership(
  db: Q,
  userId: string,
  m: {
    id: string;
    membership_type: 'one_time' | 'annual';
    is_active: boolean;
    starts_at: string;
    expires_at: string | null;
    now: string;
    payment_session_id?: string | null;
  },
) {
  const row = await db
    .insertInto('user_memberships')
    .values({
      id: m.id,
      user_id: userId,
      membership_type: m.membership_type,
      is_active: m.is_active ? 1 : 0,
      starts_at: m.starts_at,
      expires_at: m.expires_at,
      payment_session_id: m.payment_session_id ?? null,
      created_at: m.now,
      updated_at: m.now,
    })
    // a second grant of one paid session (the webhook and the success page at once) inserts nothing
    .onConflict((oc) => oc.column('payment_session_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The membership a payment session granted, if any. */
export function membershipBySession(db: Q, sessionId: string) {
  return db.selectFrom('user_memberships').select('id').where('payment_session_id', '=', sessionId).executeTakeFirst();
}
