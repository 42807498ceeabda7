import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function insertSession(
  db: Q,
  s: { id: string; user_id: string; secret_hash: Buffer; created_at: string; expires_at: string },
) {
  await db.insertInto('sessions').values(s).execute();
}

export function findSession(db: Q, id: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'secret_hash', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function extendSession(db: Q, id: string, expires_at: string) {
  await db.updateTable('sessions').set({ expires_at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Q, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Q, user_id: string) {
  await db.deleteFrom('sessions').where('user_id', '=', user_id).execute();
}

export async function deleteExpiredSessions(db: Q, now: string) {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
