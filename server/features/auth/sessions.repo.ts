import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function insertSession(
  db: Q,
  s: { id: string; user_id: string; secret_hash: Buffer; created_at: string; expires_at: string },
) {
  await db.insertInto('sessions').values(s).execute();
}

/** The session with its user's public columns, in one query (it runs on every request). */
export function findSessionWithUser(db: Q, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.secret_hash',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.created_at',
      'users.email_confirmed_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function extendSession(db: Q, id: string, expires_at: string) {
  await db.updateTable('sessions').set({ expires_at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Q, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of the user; returns their ids (open sockets on them are closed). */
export async function deleteUserSessions(db: Q, user_id: string) {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', user_id).returning('id').execute();
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Q, now: string) {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
