import type { Insertable, Kysely, Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, PreparedDownloadsTable } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Whether the event is there with its attendee data, read under a share lock on PostgreSQL: an erasure
 * (which updates the row first) then waits for the caller's transaction, or the caller for the erasure's.
 * Given `selfRemovals` (the event's self_removed_count before the file's rows were read), also whether no
 * attendee has removed themselves since: such a removal updates the row first too, then deletes the files.
 */
export async function eventHoldsData(trx: Transaction<Database>, eventId: string, selfRemovals?: number) {
  const row = await trx
    .selectFrom('events')
    .select(['personal_data_deleted', 'self_removed_count'])
    .where('id', '=', eventId)
    .$if(isPostgres(trx), (q) => q.forShare())
    .executeTakeFirst();
  if (row === undefined || row.personal_data_deleted) return false;
  return selfRemovals === undefined || row.self_removed_count === selfRemovals;
}

/** Files not yet expired, oldest first: what the byte and count budget is counted over. */
export function liveSizes(db: Q, nowIso: string) {
  return db
    .selectFrom('prepared_downloads')
    .select(['key', 'size'])
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

export async function deletePrepared(db: Q, keys: string[]) {
  if (keys.length > 0) await db.deleteFrom('prepared_downloads').where('key', 'in', keys).execute();
}

export async function deleteExpiredPrepared(db: Q, nowIso: string): Promise<number> {
  const r = await db.deleteFrom('prepared_downloads').where('expires_at', '<=', nowIso).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function insertPrepared(db: Q, row: Insertable<PreparedDownloadsTable>) {
  await db.insertInto('prepared_downloads').values(row).execute();
}

export async function findPreparedKey(db: Q, sameAs: string, nowIso: string) {
  const row = await db
    .selectFrom('prepared_downloads')
    .select('key')
    .where('same_as', '=', sameAs)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  return row?.key;
}

/** Renews a file's link and makes it the newest (the budget drops it last). */
export async function renewPrepared(db: Q, key: string, nowIso: string, expiresAt: string) {
  const r = await db
    .updateTable('prepared_downloads')
    .set({ created_at: nowIso, expires_at: expiresAt })
    .where('key', '=', key)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findPrepared(db: Q, key: string, nowIso: string) {
  return db
    .selectFrom('prepared_downloads')
    .select(['bytes', 'file_name', 'content_type'])
    .where('key', '=', key)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

export async function heldTotals(db: Q, nowIso: string) {
  const rows = await liveSizes(db, nowIso);
  return { files: rows.length, bytes: rows.reduce((n, r) => n + Number(r.size), 0) };
}
