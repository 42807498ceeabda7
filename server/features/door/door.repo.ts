import type { Kysely, Transaction } from 'kysely';
import type { DoorActionKind, DoorOutcome } from '#shared/schemas/door';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

const ATTENDEE = [
  'id',
  'first_name',
  'last_name',
  'headline',
  'photo_url',
  'checked_in_at',
  'checked_out_at',
  'created_at',
] as const;

/** The user's event as the door shows it, or undefined (missing or someone else's). */
export function findDoorEvent(db: Q, userId: string, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'event_date', 'end_time', 'time_zone', 'scheduled_deletion_date', 'personal_data_deleted'])
    .where('id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One page of an event's attendees, oldest first, after the (created_at, id) cursor. */
export function doorAttendeesPage(
  db: Q,
  eventId: string,
  after: { created_at: string; id: string } | null,
  limit: number,
) {
  let q = db.selectFrom('event_registrations').select(ATTENDEE).where('event_id', '=', eventId);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '>', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)]),
      ]),
    );
  }
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

export function findDoorAttendee(db: Q, eventId: string, id: string) {
  return db
    .selectFrom('event_registrations')
    .select(ATTENDEE)
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** Claims an action id; false when it was claimed before (the action arrived a second time). */
export async function claimDoorAction(
  trx: Transaction<Database>,
  a: { id: string; event_id: string; registration_id: string; kind: DoorActionKind; created_at: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('door_actions')
    .values({ ...a, outcome: 'applied' })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setDoorOutcome(trx: Transaction<Database>, id: string, outcome: DoorOutcome) {
  await trx.updateTable('door_actions').set({ outcome }).where('id', '=', id).execute();
}

/** What became of an action claimed before, when it was for this event (an id is never reused across events). */
export function findDoorAction(db: Q, eventId: string, id: string) {
  return db
    .selectFrom('door_actions')
    .select(['outcome', 'registration_id'])
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** The event's latest logged change (0 when none is kept): any change to its list moves it. */
export async function latestChangeSeq(db: Q, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('registration_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}
