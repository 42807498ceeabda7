import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { ContactVisibility, Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// What a registration row may show. The token hash is selected only where ownership is checked
// (OWNER_CHECK_COLUMNS), never mapped into a response (registration-dto.ts).
export const COLUMNS = [
  'event_registrations.id',
  'event_registrations.event_id',
  'event_registrations.first_name',
  'event_registrations.last_name',
  'event_registrations.email',
  'event_registrations.phone',
  'event_registrations.headline',
  'event_registrations.photo_url',
  'event_registrations.checked_in_at',
  'event_registrations.checked_out_at',
  'event_registrations.contact_visibility',
  'event_registrations.show_on_display',
  'event_registrations.share_in_download',
  'event_registrations.created_at',
  'event_registrations.updated_at',
] as const;
const OWNER_CHECK_COLUMNS = [...COLUMNS, 'event_registrations.registration_token_hash'] as const;

/** What the public pages read about an event (spec §7 "registration page"): never user_id. */
const publicEventStatement = compiledOnce((db: Kysely<Database>, p: { eventId: string }) =>
  db
    .selectFrom('events')
    .select([
      'id',
      'name',
      'venue',
      'city',
      'event_date',
      'start_time',
      'end_time',
      'time_zone',
      'email_required',
      'phone_required',
      'sponsor_enabled',
      'sponsor_logo_url',
      'sponsor_link_url',
      'sponsor_text',
      'sponsor_utm_source',
      'sponsor_utm_medium',
      'sponsor_utm_campaign',
      'sponsor_utm_content',
      'sponsor_utm_term',
      'download_enabled',
      'download_price',
      'download_formats',
      'personal_data_deleted',
      'attendee_count',
      'self_removed_count',
      'scheduled_deletion_date',
      'join_code',
    ])
    .where('id', '=', p.eventId),
);
export async function findPublicEvent(db: Q, eventId: string) {
  return (await publicEventStatement(db, { eventId })).rows[0];
}
export type PublicEventRow = NonNullable<Awaited<ReturnType<typeof findPublicEvent>>>;

/** The organiser's event, only when it belongs to userId (spec §6: "checks that the event belongs to the user"). */
export function findOwnedEvent(db: Q, userId: string, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'personal_data_deleted', 'attendee_count', 'self_removed_count'])
    .where('id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The public columns of some registrations of one event (the live feed loads changed rows with it). */
export function findRegistrationsByIds(db: Q, eventId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('event_registrations')
    .select(COLUMNS)
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .execute();
}

/** The registrations of an event that one of these token hashes owns (a browser may hold several). */
export function findByTokenHashes(db: Q, eventId: string, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('event_registrations')
    .select(OWNER_CHECK_COLUMNS)
    .where('event_id', '=', eventId)
    .where('registration_token_hash', 'in', hashes)
    .execute();
}

/** The registration of an event that this token hash owns (a join's retry check), compiled once. */
const byTokenHashStatement = compiledOnce((db: Kysely<Database>, p: { eventId: string; hash: string }) =>
  db
    .selectFrom('event_registrations')
    .select(OWNER_CHECK_COLUMNS)
    .where('event_id', '=', p.eventId)
    .where('registration_token_hash', '=', p.hash),
);
export async function findByTokenHash(db: Q, eventId: string, hash: string) {
  return (await byTokenHashStatement(db, { eventId, hash })).rows[0];
}

/** One registration of an event with its token hash, for the ownership check. */
export function findForOwnerCheck(db: Q, eventId: string, id: string) {
  return db
    .selectFrom('event_registrations')
    .select(OWNER_CHECK_COLUMNS)
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type NewRegistration = {
  id: string;
  event_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  headline: string | null;
  photo_url: string | null;
  registration_token_hash: string;
  contact_visibility: ContactVisibility;
  show_on_display: number;
  share_in_download: number;
  now: string;
};

/**
 * Inserts unless this token already joined this event (the unique index on event_id + token hash),
 * and only while the event exists with its personal data kept. Returns the row, or undefined when
 * nothing was inserted; the attendee_count moves in the same statement's transaction (bumpAttendeeCount).
 */
const insertStatement = compiledOnce((trx: Kysely<Database>, r: NewRegistration) =>
  trx
    .insertInto('event_registrations')
    .columns([
      'id',
      'event_id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'headline',
      'photo_url',
      'registration_token_hash',
      'contact_visibility',
      'show_on_display',
      'share_in_download',
      'checked_in_at',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('events')
        .select([
          eb.val(r.id).as('id'),
          'events.id as event_id',
          eb.val(r.first_name).as('first_name'),
          eb.val(r.last_name).as('last_name'),
          eb.val(r.email).as('email'),
          eb.val(r.phone).as('phone'),
          eb.val(r.headline).as('headline'),
          eb.val(r.photo_url).as('photo_url'),
          eb.val(r.registration_token_hash).as('registration_token_hash'),
          eb.val(r.contact_visibility).as('contact_visibility'),
          eb.val(r.show_on_display).as('show_on_display'),
          eb.val(r.share_in_download).as('share_in_download'),
          sql<null>`NULL`.as('checked_in_at'),
          eb.val(r.now).as('created_at'),
          eb.val(r.now).as('updated_at'),
        ])
        .where('events.id', '=', r.event_id)
        .where('events.personal_data_deleted', '=', 0),
    )
    .onConflict((oc) => oc.columns(['event_id', 'registration_token_hash']).doNothing())
    .returning(COLUMNS),
);
export async function insertRegistration(trx: Transaction<Database>, r: NewRegistration) {
  return (await insertStatement(trx, r)).rows[0];
}

/** spec §3 attendee_count: moved in the same transaction as every insert and delete, so it never drifts. */
const bumpStatement = compiledOnce((trx: Kysely<Database>, p: { eventId: string; delta: number }) =>
  trx
    .updateTable('events')
    .set((eb) => ({ attendee_count: eb(eb.ref('attendee_count'), '+', p.delta) }))
    .where('id', '=', p.eventId),
);
export async function bumpAttendeeCount(trx: Transaction<Database>, eventId: string, delta: 1 | -1) {
  await bumpStatement(trx, { eventId, delta });
}

export type RegistrationChanges = {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  headline: string | null;
  photo_url?: string;
  contact_visibility?: ContactVisibility;
  show_on_display?: number;
  share_in_download?: number;
  updated_at: string;
};

/** The attendee's own edit: only while the stored hash is still the one the caller proved. */
export function updateOwnRegistration(
  trx: Transaction<Database>,
  o: { eventId: string; id: string; tokenHash: string },
  values: RegistrationChanges,
) {
  return trx
    .updateTable('event_registrations')
    .set(values)
    .where('event_id', '=', o.eventId)
    .where('id', '=', o.id)
    .where('registration_token_hash', '=', o.tokenHash)
    .returning(COLUMNS)
    .executeTakeFirst();
}

// --- organiser actions: each scoped to events the user owns, in the SQL ---

const ownedEventIds = (userId: string) => (eb: ExpressionBuilder<Database, 'event_registrations'>) =>
  eb.selectFrom('events').select('events.id').where('events.user_id', '=', userId);

/**
 * spec §4 check-in / undo. Checking in sets checked_in_at to now (also for someone who had checked out:
 * back in the room) and clears the check-out; undo clears both. Only when it changes: undefined when
 * nothing changed.
 */
export function setCheckedIn(trx: Transaction<Database>, userId: string, id: string, at: string | null) {
  return trx
    .updateTable('event_registrations')
    .set({ checked_in_at: at, checked_out_at: null })
    .where('id', '=', id)
    .where((eb) =>
      at === null
        ? eb('checked_in_at', 'is not', null)
        : eb.or([eb('checked_in_at', 'is', null), eb('checked_out_at', 'is not', null)]),
    )
    .where('event_id', 'in', ownedEventIds(userId))
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Check-out (now) of someone checked in and here, or its undo (null). Undefined when nothing changed. */
export function setCheckedOut(trx: Transaction<Database>, userId: string, id: string, at: string | null) {
  return trx
    .updateTable('event_registrations')
    .set({ checked_out_at: at })
    .where('id', '=', id)
    .where('checked_in_at', 'is not', null)
    .where('checked_out_at', at === null ? 'is not' : 'is', null)
    .where('event_id', 'in', ownedEventIds(userId))
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** One registration of the user's events, or undefined (missing or someone else's). */
export function findOwnedRegistration(db: Q, userId: string, id: string) {
  return db
    .selectFrom('event_registrations')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('event_id', 'in', ownedEventIds(userId))
    .executeTakeFirst();
}

/** spec §7 delete registration, only on the user's events. Returns what is needed after commit. */
export function deleteOwnedRegistration(trx: Transaction<Database>, userId: string, id: string) {
  return trx
    .deleteFrom('event_registrations')
    .where('id', '=', id)
    .where('event_id', 'in', ownedEventIds(userId))
    .returning(['id', 'event_id', 'photo_url'])
    .executeTakeFirst();
}

export type RegistrationRowOut = NonNullable<Awaited<ReturnType<typeof findOwnedRegistration>>>;
