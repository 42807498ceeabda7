import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { RegistrationSort } from '#shared/schemas/registrations';
import { type Dialect, dialectOf, likeIgnoringCase, nocase } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { COLUMNS } from './registrations.repo';

type Q = Kysely<Database> | Transaction<Database>;

// spec §7 attendee list and organiser registrations: one page and its counts, search and sort in SQL.

type Page = { search: string; sortBy: RegistrationSort; limit: number; offset: number; pinned?: string[] };
type RegQuery = SelectQueryBuilder<Database, 'event_registrations', object>;

const publicScope = (db: Q, eventId: string): RegQuery =>
  db.selectFrom('event_registrations').where('event_registrations.event_id', '=', eventId);

// Owner-only: the event's user_id is in the SQL itself. As EXISTS, which names no registration column,
// SQLite checks it once before reading the index; `event_id IN (…)` was checked on each of the event's
// index entries (bench B5: ~0.5-1 ms of a search's count on 10,000 attendees).
const ownedScope = (db: Q, userId: string, eventId: string): RegQuery =>
  db
    .selectFrom('event_registrations')
    .where('event_registrations.event_id', '=', eventId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('events')
          .select('events.id')
          .where('events.id', '=', eventId)
          .where('events.user_id', '=', userId),
      ),
    );

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** spec §7: case-insensitive "contains" on first name, last name, e-mail (and the full name). */
function searched(q: RegQuery, search: string, d: Dialect): RegQuery {
  if (!search) return q;
  const pattern = `%${escapeLike(search)}%`;
  const like = likeIgnoringCase(d);
  const email = sql<boolean>`event_registrations.email ${like} ${pattern} ESCAPE '\\'`;
  // Text without a space found in "first last" lies within one of the two names: the full name is only
  // built, row by row, for a search that has a space. With a space, text found in either name alone is
  // found in the full name too, so the two name terms are left out (bench B5: half the LIKEs per entry).
  const terms = search.includes(' ')
    ? [
        sql<boolean>`(event_registrations.first_name || ' ' || event_registrations.last_name) ${like} ${pattern} ESCAPE '\\'`,
        email,
      ]
    : [
        sql<boolean>`event_registrations.first_name ${like} ${pattern} ESCAPE '\\'`,
        sql<boolean>`event_registrations.last_name ${like} ${pattern} ESCAPE '\\'`,
        email,
      ];
  return q.where((eb) => eb.or(terms));
}

type RegSelect<O> = SelectQueryBuilder<Database, 'event_registrations', O>;

function ordered<O>(s: RegSelect<O>, sortBy: RegistrationSort, d: Dialect): RegSelect<O> {
  const first = nocase(d, 'event_registrations.first_name');
  const last = nocase(d, 'event_registrations.last_name');
  // rowid orders joins made in the same millisecond by when they were inserted.
  const rowid = sql`event_registrations.rowid`;
  switch (sortBy) {
    case 'newest':
      return s.orderBy('event_registrations.created_at', 'desc').orderBy(rowid, 'desc');
    case 'oldest':
      return s.orderBy('event_registrations.created_at', 'asc').orderBy(rowid, 'asc');
    case 'name-asc':
      return s.orderBy(first, 'asc').orderBy(last, 'asc').orderBy(rowid, 'asc');
    case 'name-desc':
      return s.orderBy(first, 'desc').orderBy(last, 'desc').orderBy(rowid, 'desc');
  }
}

/**
 * One page in two steps: the page's rowids are found on an index holding the sort and the searched
 * columns (migration 0004), so no table row is read to judge a search or to skip the rows before the
 * page; then only the page's rows are read. `skip`: rowids left out (the pins, listed before).
 */
function readPage(db: Q, scope: RegQuery, p: Page, o: { limit: number; offset: number; skip: number[] }) {
  const d = dialectOf(db);
  let ids = searched(scope, p.search, d);
  if (o.skip.length > 0) ids = ids.where(sql`event_registrations.rowid`, 'not in', o.skip);
  const pageIds = ordered(ids.select(sql<number>`event_registrations.rowid`.as('rid')), p.sortBy, d)
    .limit(o.limit)
    .offset(o.offset);
  return ordered(
    db.selectFrom('event_registrations').select(COLUMNS).where(sql`event_registrations.rowid`, 'in', pageIds),
    p.sortBy,
    d,
  ).execute();
}

/**
 * spec §2: pinned attendees first on every page (the search still applies), then the chosen sort. The
 * pins (at most ATTENDEES.MAX_PINS rows) are read by id on their own: one ORDER BY starting with "is
 * pinned" would sort every registration of the event for each page.
 */
async function page(db: Q, scope: RegQuery, p: Page) {
  const pinned = p.pinned ?? [];
  if (pinned.length === 0) return readPage(db, scope, p, { limit: p.limit, offset: p.offset, skip: [] });
  // The pins' rowids by id first: asked together with the order, SQLite walks the event's whole index.
  const d = dialectOf(db);
  const pinRowids = searched(scope, p.search, d)
    .where('event_registrations.id', 'in', pinned)
    .select(sql<number>`event_registrations.rowid`.as('rid'));
  const pins = await ordered(
    db
      .selectFrom('event_registrations')
      .select([...COLUMNS, sql<number>`event_registrations.rowid`.as('rid')])
      .where(sql`event_registrations.rowid`, 'in', pinRowids),
    p.sortBy,
    d,
  ).execute();
  const head = pins.slice(p.offset, p.offset + p.limit).map(({ rid: _, ...row }) => row);
  if (head.length === p.limit) return head;
  const rest = await readPage(db, scope, p, {
    limit: p.limit - head.length,
    offset: Math.max(0, p.offset - pins.length),
    skip: pins.map((r) => r.rid),
  });
  return [...head, ...rest];
}

/**
 * A searched page (no pins) and its number of matches, the page read first: the page's scan walks the
 * index in the sort's order and stops at its last row, so a page that comes back short has seen every
 * match after `offset`, and the total is known without a count (a rare name, a search that finds
 * nobody: one pass over the index where a count and then the page made two, bench B5). Only a full page,
 * or an empty one past the first, is counted on its own. (`count(*) OVER ()` beside the page would make
 * one pass too, but sorts every match first: 3x slower on a search that matches 7,500 of 10,000.)
 */
async function searchedPage(db: Q, scope: RegQuery, p: Page) {
  const rows = await readPage(db, scope, p, { limit: p.limit, offset: p.offset, skip: [] });
  const seenAll = rows.length < p.limit && (rows.length > 0 || p.offset === 0);
  return { rows, total: seenAll ? p.offset + rows.length : await count(db, scope, p.search) };
}

async function count(db: Q, q: RegQuery, search = '') {
  const row = await searched(q, search, dialectOf(db))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const listPublic = (db: Q, eventId: string, p: Page) => page(db, publicScope(db, eventId), p);
export const countPublic = (db: Q, eventId: string, search?: string) => count(db, publicScope(db, eventId), search);

/** A searched page of the public list and its number of matches (no pins: see listPublic). */
export const searchPublic = (db: Q, eventId: string, p: Page) => searchedPage(db, publicScope(db, eventId), p);

export const listOwned = (db: Q, userId: string, eventId: string, p: Page) =>
  page(db, ownedScope(db, userId, eventId), p);
export const countOwned = (db: Q, userId: string, eventId: string, search?: string) =>
  count(db, ownedScope(db, userId, eventId), search);
export const countOwnedCheckedIn = (db: Q, userId: string, eventId: string) =>
  count(db, ownedScope(db, userId, eventId).where('event_registrations.checked_in_at', 'is not', null));
/** Here now (checked in, not checked out), counted from the rows on the (event, checked out, checked in) index. */
export async function countHereNow(db: Q, eventId: string) {
  const row = await publicScope(db, eventId)
    .where('event_registrations.checked_out_at', 'is', null)
    .where('event_registrations.checked_in_at', 'is not', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
/** A searched page of the organiser's list and its number of matches. */
export const searchOwned = (db: Q, userId: string, eventId: string, p: Page) =>
  searchedPage(db, ownedScope(db, userId, eventId), p);
