import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { RegistrationSort } from '#shared/schemas/registrations';
import { ATTENDEE_SEARCH } from '../../constants';
import { type Dialect, dialectOf, likeIgnoringCase, nocase, trigramMatch } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { COLUMNS } from './registrations.repo';

type Q = Kysely<Database> | Transaction<Database>;

// spec §7 attendee list and organiser registrations: one page and its counts, search and sort in SQL.

type Page = { search: string; sortBy: RegistrationSort; limit: number; offset: number; pinned?: string[] };
type RegQuery = SelectQueryBuilder<Database, 'event_registrations', object>;

/**
 * A search as the queries judge it. `rowids` (SQLite): when the trigram index (migration 0011) finds few
 * enough registrations that may match, all of them (of any event), as a JSON array: the queries then read
 * only those rows, by rowid, and the LIKEs judge each one as they would judge every entry without it.
 */
type Search = { text: string; rowids?: string; email: boolean };
const NO_SEARCH: Search = { text: '', email: false };

/**
 * The index finds the candidates of any event, in rowid order, stopping one past what is worth reading
 * one by one for this event (ATTENDEE_SEARCH). More than that (a common name, an e-mail domain), and the
 * LIKEs look at each of the event's index entries as without the index: a page of a common search then
 * fills early, where every candidate would have to be read and sorted first.
 */
async function prepareSearch(db: Q, eventId: string, text: string, email: boolean): Promise<Search> {
  const match = text ? trigramMatch(dialectOf(db), text) : undefined;
  if (match === undefined) return { text, email };
  const { rows } = await sql<{ most: number; found: number; rowids: string }>`
    WITH event AS (SELECT attendee_count / ${sql.lit(ATTENDEE_SEARCH.ATTENDEES_PER_CANDIDATE)} AS most FROM events WHERE id = ${eventId})
    SELECT (SELECT most FROM event) AS most, count(*) AS found, json_group_array(rid) AS rowids FROM (
      SELECT rowid AS rid FROM event_registrations_search WHERE event_registrations_search MATCH ${match}
      LIMIT coalesce((SELECT most FROM event), 0) + 1
    )`.execute(db);
  const { most, found, rowids } = rows[0];
  return found > (most ?? 0) ? { text, email } : { text, rowids, email };
}

// With the candidates' rowids, the event is checked on each candidate's row: the unary + keeps SQLite from
// walking the event's index instead (its planner cannot know how short the list is).
const eventRows = (db: Q, eventId: string, s: Search): RegQuery =>
  s.rowids === undefined
    ? db.selectFrom('event_registrations').where('event_registrations.event_id', '=', eventId)
    : db.selectFrom('event_registrations').where(sql<boolean>`+event_registrations.event_id = ${eventId}`);

/** The public list; on the venue screen (`display`), only the entries that chose to show there. */
const publicScope = (db: Q, eventId: string, s = NO_SEARCH, display = false): RegQuery =>
  display ? eventRows(db, eventId, s).where('event_registrations.show_on_display', '=', 1) : eventRows(db, eventId, s);

// Owner-only: the event's user_id is in the SQL itself. As EXISTS, which names no registration column,
// SQLite checks it once before reading the index; `event_id IN (…)` was checked on each of the event's
// index entries (bench B5: ~0.5-1 ms of a search's count on 10,000 attendees).
const ownedScope = (db: Q, userId: string, eventId: string, s = NO_SEARCH): RegQuery =>
  eventRows(db, eventId, s).where((eb) =>
    eb.exists(
      eb.selectFrom('events').select('events.id').where('events.id', '=', eventId).where('events.user_id', '=', userId),
    ),
  );

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * spec §7: case-insensitive "contains" on first name, last name (and the full name), and on the e-mail
 * where the viewer may see every e-mail (the organiser): a visitor must not learn from a search whose
 * address is in the room (docs/privacy.md). On PostgreSQL
 * each LIKE's expression has its trigram index (migration 0011); on SQLite the index's candidates, when
 * known, are the only rows judged.
 */
function searched(q: RegQuery, s: Search, d: Dialect): RegQuery {
  const search = s.text;
  if (!search) return q;
  const pattern = `%${escapeLike(search)}%`;
  const like = likeIgnoringCase(d);
  const email = s.email ? [sql<boolean>`event_registrations.email ${like} ${pattern} ESCAPE '\\'`] : [];
  // Text without a space found in "first last" lies within one of the two names: the full name is only
  // built, row by row, for a search that has a space. With a space, text found in either name alone is
  // found in the full name too, so the two name terms are left out (bench B5: half the LIKEs per entry).
  const terms = search.includes(' ')
    ? [
        sql<boolean>`(event_registrations.first_name || ' ' || event_registrations.last_name) ${like} ${pattern} ESCAPE '\\'`,
        ...email,
      ]
    : [
        sql<boolean>`event_registrations.first_name ${like} ${pattern} ESCAPE '\\'`,
        sql<boolean>`event_registrations.last_name ${like} ${pattern} ESCAPE '\\'`,
        ...email,
      ];
  const judged = q.where((eb) => eb.or(terms));
  if (s.rowids === undefined) return judged;
  return judged.where(sql<boolean>`event_registrations.rowid IN (SELECT value FROM json_each(${s.rowids}))`);
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
function readPage(db: Q, scope: RegQuery, s: Search, p: Page, o: { limit: number; offset: number; skip: number[] }) {
  const d = dialectOf(db);
  let ids = searched(scope, s, d);
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
async function page(db: Q, scope: RegQuery, s: Search, p: Page) {
  const pinned = p.pinned ?? [];
  if (pinned.length === 0) return readPage(db, scope, s, p, { limit: p.limit, offset: p.offset, skip: [] });
  // The pins' rowids by id first: asked together with the order, SQLite walks the event's whole index.
  const d = dialectOf(db);
  const pinRowids = searched(scope, s, d)
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
  const rest = await readPage(db, scope, s, p, {
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
async function searchedPage(db: Q, scope: RegQuery, s: Search, p: Page) {
  const rows = await readPage(db, scope, s, p, { limit: p.limit, offset: p.offset, skip: [] });
  const seenAll = rows.length < p.limit && (rows.length > 0 || p.offset === 0);
  return { rows, total: seenAll ? p.offset + rows.length : await count(db, scope, s) };
}

async function count(db: Q, q: RegQuery, s = NO_SEARCH) {
  const row = await searched(q, s, dialectOf(db))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPublic(db: Q, eventId: string, p: Page, display = false) {
  const s = await prepareSearch(db, eventId, p.search, false);
  return page(db, publicScope(db, eventId, s, display), s, p);
}
export async function countPublic(db: Q, eventId: string, search = '', display = false) {
  const s = await prepareSearch(db, eventId, search, false);
  return count(db, publicScope(db, eventId, s, display), s);
}

/** A searched page of the public list and its number of matches (no pins: see listPublic). */
export async function searchPublic(db: Q, eventId: string, p: Page, display = false) {
  const s = await prepareSearch(db, eventId, p.search, false);
  return searchedPage(db, publicScope(db, eventId, s, display), s, p);
}

export async function listOwned(db: Q, userId: string, eventId: string, p: Page) {
  const s = await prepareSearch(db, eventId, p.search, true);
  return page(db, ownedScope(db, userId, eventId, s), s, p);
}
export async function countOwned(db: Q, userId: string, eventId: string, search = '') {
  const s = await prepareSearch(db, eventId, search, true);
  return count(db, ownedScope(db, userId, eventId, s), s);
}
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
export async function searchOwned(db: Q, userId: string, eventId: string, p: Page) {
  const s = await prepareSearch(db, eventId, p.search, true);
  return searchedPage(db, ownedScope(db, userId, eventId, s), s, p);
}
