import { type Kysely, sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** The event when it exists (and, given ownerId, belongs to that user). */
export function findErasableEvent(db: Q, eventId: string, ownerId?: string) {
  let q = db.selectFrom('events').select(['id', 'personal_data_deleted']).where('id', '=', eventId);
  if (ownerId !== undefined) q = q.where('user_id', '=', ownerId);
  return q.executeTakeFirst();
}

/** spec §9: events whose cleanup date has come and whose attendee data is still there. */
export async function dueEventIds(db: Q, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('personal_data_deleted', '=', 0)
    .where('scheduled_deletion_date', 'is not', null)
    .where('scheduled_deletion_date', '<=', nowIso)
    .orderBy('scheduled_deletion_date', 'asc')
    .execute();
  return rows.map((r) => r.id);
}

export async function photoUrlsOf(db: Q, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select('photo_url')
    .where('event_id', '=', eventId)
    .where('photo_url', 'is not', null)
    .execute();
  return rows.map((r) => r.photo_url as string);
}

export async function deleteRegistrationsOf(db: Q, eventId: string): Promise<number> {
  const r = await db.deleteFrom('event_registrations').where('event_id', '=', eventId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteChangesOf(db: Q, eventId: string): Promise<number> {
  const r = await db.deleteFrom('registration_changes').where('event_id', '=', eventId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** What the door devices sent: which attendee was checked in or out, and when. */
export async function deleteDoorActionsOf(db: Q, eventId: string): Promise<number> {
  const r = await db.deleteFrom('door_actions').where('event_id', '=', eventId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The event's prepared download files, after its row is marked erased: a file being kept meanwhile
 * waits for the mark (server/features/downloads/prepared-files.repo.ts), so none is left behind.
 */
export async function deletePreparedDownloadsOf(db: Q, eventId: string) {
  await db.deleteFrom('prepared_downloads').where('event_id', '=', eventId).execute();
}

/** The follow-up mails' state (ids only; the registrations' deletion takes them too, by cascade). */
export async function deleteFollowUpMailsOf(db: Q, eventId: string) {
  await db.deleteFrom('follow_up_mails').where('event_id', '=', eventId).execute();
}

/** spec §4 "Event personal data": the flag is set, attendee_count is kept. */
export async function markErased(db: Q, eventId: string, nowIso: string) {
  await db
    .updateTable('events')
    .set({ personal_data_deleted: 1, updated_at: nowIso })
    .where('id', '=', eventId)
    .execute();
}

/** Of these upload URLs, the ones some row still points at (a file is deleted only when none does). */
export async function referencedUrls(db: Q, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const photos = await db
    .selectFrom('event_registrations')
    .select('photo_url as url')
    .where('photo_url', 'in', urls)
    .execute();
  const logos = await db
    .selectFrom('events')
    .select('sponsor_logo_url as url')
    .where('sponsor_logo_url', 'in', urls)
    .execute();
  return new Set([...photos, ...logos].map((r) => r.url as string));
}

/**
 * After an erasure, what the database keeps of the deleted rows goes too. SQLite: the attendee search's
 * index is merged into one segment, which drops the entries its triggers only marked deleted (migration
 * 0011); then the WAL is copied into the database file and truncated to zero bytes (secure_delete zeroes
 * the rows, and the index's old pages, in the file itself). PostgreSQL: the erased tables are vacuumed, so
 * their dead rows' space (and their trigram index entries) is marked free and reused (what survives until
 * then, and in WAL and backups, is in the README's retention section).
 */
export async function checkpointWal(db: Q): Promise<{ busy: boolean }> {
  if (isPostgres(db)) {
    await sql`VACUUM event_registrations, registration_changes, door_actions, attendee_pins`.execute(db);
    return { busy: false };
  }
  await sql`INSERT INTO event_registrations_search(event_registrations_search) VALUES ('optimize')`.execute(db);
  const r = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  return { busy: r.rows[0]?.busy === 1 };
}
