import type { Kysely, Transaction } from 'kysely';
import type { Database, EmailTokenType } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function insertToken(
  db: Q,
  t: {
    id: string;
    user_id: string;
    type: EmailTokenType;
    token_hash: string;
    new_email?: string | null;
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
    .returning(['id', 'user_id', 'new_email'])
    .executeTakeFirst();
}

export async function deleteUnusedTokens(db: Q, user_id: string, type: EmailTokenType) {
  await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', user_id)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .execute();
}

export async function deleteExpiredTokens(db: Q, now: string) {
  const r = await db.deleteFrom('email_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
