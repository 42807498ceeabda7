import { type Kysely, sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// An attendee's own copy and own removal (docs/privacy.md). Every query is scoped to one event, and the
// removal to the token hash the caller proved.

/** The people `pinnerId` pinned in the event, oldest pin first. */
export function pinnedPeople(db: Q, eventId: string, pinnerId: string) {
  return db
    .selectFrom('attendee_pins')
    .innerJoin('event_registrations as r', 'r.id', 'attendee_pins.pinned_id')
    .select(['r.id', 'r.first_name', 'r.last_name', 'attendee_pins.created_at as pinned_at'])
    .where('attendee_pins.event_id', '=', eventId)
    .where('attendee_pins.pinner_id', '=', pinnerId)
    .orderBy('attendee_pins.created_at', 'asc')
    .orderBy('r.id', 'asc')
    .execute();
}

/**
 * Deletes the entry only while its stored hash is the one the caller proved. Its pins, and the others'
 * pins of it, go with it (the foreign keys cascade). Returns what is needed after commit.
 */
export function deleteOwnEntry(trx: Transaction<Database>, o: { eventId: string; id: string; tokenHash: string }) {
  return trx
    .deleteFrom('event_registrations')
    .where('event_id', '=', o.eventId)
    .where('id', '=', o.id)
    .where('registration_token_hash', '=', o.tokenHash)
    .returning(['id', 'event_id', 'photo_url'])
    .executeTakeFirst();
}

/** attendee_count keeps the attendee; the rows are attendee_count - self_removed_count (migration 0014). */
export async function countSelfRemoval(trx: Transaction<Database>, eventId: string) {
  await trx
    .updateTable('events')
    .set((eb) => ({ self_removed_count: eb(eb.ref('self_removed_count'), '+', 1) }))
    .where('id', '=', eventId)
    .execute();
}

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
