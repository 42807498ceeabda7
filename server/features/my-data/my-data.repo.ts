import type { Kysely, Transaction } from 'kysely';
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
