import { type Kysely, sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** What the door devices sent about this attendee (ids and times). */
export async function deleteDoorActionsFor(trx: Transaction<Database>, eventId: string, registrationId: string) {
  await trx
    .deleteFrom('door_actions')
    .where('event_id', '=', eventId)
    .where('registration_id', '=', registrationId)
    .execute();
}

/**
 * After a removal, what the database keeps of the deleted rows goes too. SQLite: the search index
 * already dropped the entry's entries (withSearchEntriesErased) and secure_delete zeroed the rows in
 * their pages; the WAL is copied into the file and truncated to zero bytes. The checkpoint does not wait
 * for a reader of another process (a backup): busy, it is owed, and the erasure job retries it.
 * PostgreSQL: the touched tables are vacuumed, so the dead rows' space and their index entries are freed
 * for reuse (what survives until then is in docs/privacy.md).
 */
export async function checkpointAfterRemoval(db: Kysely<Database>): Promise<{ busy: boolean }> {
  if (isPostgres(db)) {
    await sql`VACUUM event_registrations, attendee_pins, door_actions, prepared_downloads`.execute(db);
    return { busy: false };
  }
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(conn);
    await sql`PRAGMA busy_timeout = 0`.execute(conn);
    try {
      const r = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(conn);
      return { busy: r.rows[0]?.busy === 1 };
    } finally {
      await sql.raw(`PRAGMA busy_timeout = ${Number(rows[0]?.timeout ?? 5000)}`).execute(conn);
    }
  });
}
