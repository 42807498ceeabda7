import type { Kysely, Transaction } from 'kysely';
import type { Database, EmailTokenType } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** What a sign-up link applies when it is used: that sign-up's own password and names. */
export type PendingSignup = { password_hash: string; first_name: string; last_name: string };

export async function insertToken(
  db: Q,
  t: {
    id: string;
    user_id: string;
    type: EmailTokenType;
    token_hash: string;
    new_email?: string | null;
    signup?: PendingSignup;
    expires_at: string;
    now: string;
  },
) {
  await db
    .insertInto('email_tokens')
    .values({
      id: t.id,
      user_id: t.user_id,
      type: t.type,
      token_hash: t.token_hash,
      new_email: t.new_email ?? null,
      password_hash: t.signup?.password_hash ?? null,
      first_name: t.signup?.first_name ?? null,
      last_name: t.signup?.last_name ?? null,
      expires_at: t.expires_at,
      used_at: null,
      created_at: t.now,
    })
    .execute();
}

/** A valid, unused, unexpired token row, without using it. */
export function findUsableToken(db: Q, token_hash: string, type: EmailTokenType, now: string) {
  return db
    .selectFrom('email_tokens')
    .select(['id', 'user_id', 'new_email'])
    .where('token_hash', '=', token_hash)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the token used in one statement, so two concurrent uses cannot both succeed. */
export function consumeToken(db: Q, token_hash: string, type: EmailTokenType, now: string) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', token_hash)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'new_email', 'password_hash', 'first_name', 'last_name'])
    .executeTakeFirst();
}

/** How many unused, unexpired tokens of a type the user holds. */
export async function countUsableTokens(db: Q, user_id: string, type: EmailTokenType, now: string) {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user_id)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteUnusedTokens(db: Q, user_id: string, type: EmailTokenType) {
  await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', user_id)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Once an address is confirmed, its other sign-up links die and used ones stop holding a password hash
 * (the rows stay until they expire, like every used token).
 */
export async function endPendingSignups(db: Q, user_id: string) {
  await deleteUnusedTokens(db, user_id, 'signup');
  await db
    .updateTable('email_tokens')
    .set({ password_hash: null, first_name: null, last_name: null })
    .where('user_id', '=', user_id)
    .where('type', '=', 'signup')
    .execute();
}

export async function deleteExpiredTokens(db: Q, now: string) {
  const r = await db.deleteFrom('email_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
