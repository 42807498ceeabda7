import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// Pins and connections (docs/privacy.md): a pin is one attendee's mark on another; two pins in opposite
// directions are a connection. Every query is scoped to one event.

/** Pins `pinnedIds` for `pinnerId` (those already pinned stay as they are); only entries of the event. */
export async function addPins(trx: Q, eventId: string, pinnerId: string, pinnedIds: string[], nowIso: string) {
  if (pinnedIds.length === 0) return;
  await trx
    .insertInto('attendee_pins')
    .columns(['event_id', 'pinner_id', 'pinned_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('event_registrations')
        .select([
          eb.val(eventId).as('event_id'),
          eb.val(pinnerId).as('pinner_id'),
          'id',
          eb.val(nowIso).as('created_at'),
        ])
        .where('event_id', '=', eventId)
        .where('id', 'in', pinnedIds)
        .where('id', '!=', pinnerId),
    )
    .onConflict((oc) => oc.columns(['pinner_id', 'pinned_id']).doNothing())
    .execute();
}

export async function removePin(trx: Q, eventId: string, pinnerId: string, pinnedId: string) {
  await trx
    .deleteFrom('attendee_pins')
    .where('event_id', '=', eventId)
    .where('pinner_id', '=', pinnerId)
    .where('pinned_id', '=', pinnedId)
    .execute();
}

/** Whether one attendee pinned another. */
export async function hasPin(db: Q, pinnerId: string, pinnedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('attendee_pins')
    .select('pinner_id')
    .where('pinner_id', '=', pinnerId)
    .where('pinned_id', '=', pinnedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many pins one attendee holds in the event. */
export async function countPins(db: Q, eventId: string, pinnerId: string): Promise<number> {
  const r = await db
    .selectFrom('attendee_pins')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('event_id', '=', eventId)
    .where('pinner_id', '=', pinnerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The ids one attendee pinned, oldest first. */
export async function pinsOf(db: Q, eventId: string, pinnerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendee_pins')
    .select('pinned_id')
    .where('event_id', '=', eventId)
    .where('pinner_id', '=', pinnerId)
    .orderBy('created_at', 'asc')
    .orderBy('pinned_id', 'asc')
    .execute();
  return rows.map((r) => r.pinned_id);
}

/** The ids one attendee is connected with (each pinned the other). */
export async function connectionsOf(db: Q, eventId: string, registrationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendee_pins as mine')
    .innerJoin('attendee_pins as theirs', (join) =>
      join.onRef('theirs.pinner_id', '=', 'mine.pinned_id').onRef('theirs.pinned_id', '=', 'mine.pinner_id'),
    )
    .select('mine.pinned_id')
    .where('mine.event_id', '=', eventId)
    .where('mine.pinner_id', '=', registrationId)
    .orderBy('mine.pinned_id', 'asc')
    .execute();
  return rows.map((r) => r.pinned_id);
}

/** Whether two attendees are connected. */
export async function areConnected(db: Q, a: string, b: string): Promise<boolean> {
  const rows = await db
    .selectFrom('attendee_pins')
    .select('pinner_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('pinner_id', '=', a), eb('pinned_id', '=', b)]),
        eb.and([eb('pinner_id', '=', b), eb('pinned_id', '=', a)]),
      ]),
    )
    .execute();
  return rows.length === 2;
}

/**
 * For each of `ids`, the attendees connected with it: what a live batch needs to tell each viewer which
 * of its entries are their connections. One query however many ids.
 */
export async function connectedWith(db: Q, eventId: string, ids: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('attendee_pins as a')
    .innerJoin('attendee_pins as b', (join) =>
      join.onRef('b.pinner_id', '=', 'a.pinned_id').onRef('b.pinned_id', '=', 'a.pinner_id'),
    )
    .select(['a.pinned_id as target', 'a.pinner_id as viewer'])
    .where('a.event_id', '=', eventId)
    .where('a.pinned_id', 'in', ids)
    .execute();
  for (const r of rows) {
    const set = out.get(r.target) ?? new Set<string>();
    set.add(r.viewer);
    out.set(r.target, set);
  }
  return out;
}

/** Every connection of the event, each pair once (a < b): the follow-up mail's input. */
export async function connectionPairsOf(db: Q, eventId: string): Promise<{ a: string; b: string }[]> {
  const rows = await db
    .selectFrom('attendee_pins as x')
    .innerJoin('attendee_pins as y', (join) =>
      join.onRef('y.pinner_id', '=', 'x.pinned_id').onRef('y.pinned_id', '=', 'x.pinner_id'),
    )
    .select(['x.pinner_id as a', 'x.pinned_id as b'])
    .where('x.event_id', '=', eventId)
    .whereRef('x.pinner_id', '<', 'x.pinned_id')
    .orderBy('x.pinner_id')
    .orderBy('x.pinned_id')
    .execute();
  return rows;
}

/**
 * The people connected with `registrationId` (each pinned the other), with their contacts and their
 * choice of who sees them: the caller keeps e-mail and phone only where that choice allows.
 */
export function connectedPeople(db: Q, eventId: string, registrationId: string) {
  return db
    .selectFrom('attendee_pins as mine')
    .innerJoin('attendee_pins as theirs', (join) =>
      join.onRef('theirs.pinner_id', '=', 'mine.pinned_id').onRef('theirs.pinned_id', '=', 'mine.pinner_id'),
    )
    .innerJoin('event_registrations as r', 'r.id', 'mine.pinned_id')
    .select(['r.id', 'r.first_name', 'r.last_name', 'r.headline', 'r.email', 'r.phone', 'r.contact_visibility'])
    .where('mine.event_id', '=', eventId)
    .where('mine.pinner_id', '=', registrationId)
    .orderBy('r.last_name', 'asc')
    .orderBy('r.first_name', 'asc')
    .orderBy('r.id', 'asc')
    .execute();
}

/** The event's pins, with the erasure. */
export async function deletePinsOf(db: Q, eventId: string): Promise<number> {
  const r = await db.deleteFrom('attendee_pins').where('event_id', '=', eventId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
