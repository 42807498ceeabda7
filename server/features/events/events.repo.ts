import type { Kysely, Transaction } from 'kysely';
import type { EventFilter, EventSort } from '#shared/schemas/events';
import type { Database, NewEvent } from '../../db/schema';
import { newJoinCode } from './join-code';

type Q = Kysely<Database> | Transaction<Database>;

// Every function here is scoped to the owner: userId is a required argument and goes in the WHERE.

const EVENT_COLUMNS = [
  'events.id',
  'events.user_id',
  'events.name',
  'events.venue',
  'events.city',
  'events.event_date',
  'events.start_time',
  'events.end_time',
  'events.time_zone',
  'events.email_required',
  'events.phone_required',
  'events.sponsor_enabled',
  'events.sponsor_logo_url',
  'events.sponsor_link_url',
  'events.sponsor_text',
  'events.sponsor_utm_source',
  'events.sponsor_utm_medium',
  'events.sponsor_utm_campaign',
  'events.sponsor_utm_content',
  'events.sponsor_utm_term',
  'events.download_enabled',
  'events.download_price',
  'events.download_formats',
  'events.personal_data_deleted',
  'events.attendee_count',
  'events.scheduled_deletion_date',
  'events.join_code',
  'events.created_at',
  'events.updated_at',
] as const;

/** The editable columns: what the form sets, plus what the server derives from it. */
export type EventValues = Omit<
  NewEvent,
  'id' | 'user_id' | 'personal_data_deleted' | 'attendee_count' | 'self_removed_count' | 'created_at' | 'join_code'
>;

function owned(db: Q, userId: string, filter: EventFilter, today: string) {
  let q = db.selectFrom('events').where('events.user_id', '=', userId);
  if (filter === 'upcoming') q = q.where('events.event_date', '>=', today);
  if (filter === 'past') q = q.where('events.event_date', '<', today);
  return q;
}

/**
 * registration_count comes from attendee_count, the one count that joins, removals and erasure move
 * in their own transactions (so lists, detail and dashboard agree); once the personal data is erased
 * there are no registrations left, while attendee_count keeps the figure (spec §4).
 */
function withCount(db: Q, userId: string, filter: EventFilter, today: string) {
  return owned(db, userId, filter, today).select([
    ...EVENT_COLUMNS,
    (eb) =>
      eb
        .case()
        .when('events.personal_data_deleted', '=', 1)
        .then(0)
        .else(eb.ref('events.attendee_count'))
        .end()
        .as('registration_count'),
  ]);
}

/** spec §7 events list: the owner's events with their registration count, filtered, sorted, one page. */
export function listEvents(
  db: Q,
  userId: string,
  o: { filter: EventFilter; today: string; sort: EventSort; limit: number; offset: number },
) {
  let q = withCount(db, userId, o.filter, o.today);
  switch (o.sort) {
    case 'date-asc':
      q = q.orderBy('events.event_date', 'asc').orderBy('events.start_time', 'asc');
      break;
    case 'date-desc':
      q = q.orderBy('events.event_date', 'desc').orderBy('events.start_time', 'desc');
      break;
    case 'name-asc':
      q = q.orderBy((eb) => eb.fn('lower', ['events.name']), 'asc');
      break;
    case 'name-desc':
      q = q.orderBy((eb) => eb.fn('lower', ['events.name']), 'desc');
      break;
    case 'newest':
      q = q.orderBy('events.created_at', 'desc');
      break;
    case 'oldest':
      q = q.orderBy('events.created_at', 'asc');
      break;
  }
  // A stable tiebreak, so pages never repeat or skip a row.
  return q.orderBy('events.created_at', 'asc').orderBy('events.id', 'asc').limit(o.limit).offset(o.offset).execute();
}

export async function countEvents(db: Q, userId: string, filter: EventFilter, today: string): Promise<number> {
  const row = await owned(db, userId, filter, today)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** spec §7 counts: whether any of the owner's events sells downloads (the dashboard's Revenue card). */
export async function hasDownloadsEnabled(db: Q, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('user_id', '=', userId)
    .where('download_enabled', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export function findEvent(db: Q, userId: string, id: string) {
  return withCount(db, userId, 'all', '').where('events.id', '=', id).executeTakeFirst();
}

export type EventWithCount = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export async function insertEvent(db: Q, userId: string, e: EventValues & { id: string; created_at: string }) {
  await db
    .insertInto('events')
    .values({ ...e, user_id: userId, personal_data_deleted: 0, attendee_count: 0, join_code: newJoinCode() })
    .execute();
}

/** The event a short join code names (any case), or undefined. */
export async function findEventIdByJoinCode(db: Q, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('events').select('id').where('join_code', '=', code.toUpperCase()).executeTakeFirst();
  return row?.id;
}

/** Returns the number of rows changed: 0 when the event is missing or someone else's. */
export async function updateEvent(db: Q, userId: string, id: string, e: EventValues): Promise<number> {
  const r = await db.updateTable('events').set(e).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteEvent(db: Q, userId: string, id: string): Promise<number> {
  const r = await db.deleteFrom('events').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
