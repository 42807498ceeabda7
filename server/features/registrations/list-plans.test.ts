import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import {
  countOwned,
  countOwnedCheckedIn,
  countPublic,
  listOwned,
  listPublic,
  searchOwned,
  searchPublic,
} from './registration-lists.repo';

// issue 8 B5: the attendee list stays fast at 10,000 attendees because every query of it reads the
// registrations through an index that answers it (EXPLAIN QUERY PLAN on the real migrated schema):
// a search and a page are judged on a covering index, and only the page's rows are read by rowid.
const sqlite = new SQLite(':memory:');
let captured: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (e) => {
    if (e.level === 'query') captured.push(e.query);
  },
});

// How each step may read event_registrations: a covering index, the rowid, or the id (the pins); or
// its search index, only through a MATCH (migration 0011).
const ALLOWED =
  /USING (COVERING INDEX \w+|INTEGER PRIMARY KEY \(rowid=\?\)|INDEX sqlite_autoindex_event_registrations_1 \(id=\?\))|^SCAN event_registrations_search VIRTUAL TABLE INDEX \d+:M\d+$/;

async function plans(run: () => Promise<unknown>) {
  captured = [];
  await run();
  return captured.map((q) =>
    (sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[])
      .map((r) => r.detail)
      .filter((d) => d.includes('event_registrations')),
  );
}

/** One organiser, one event and `n` registrations: some planner choices differ on an empty table. */
function seed(n: number) {
  const at = '2026-06-01T09:00:00.000Z';
  sqlite
    .prepare(`INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at)
    VALUES ('u1', 'o@example.org', 'x', 'O', 'X', ?, ?)`)
    .run(at, at);
  sqlite
    .prepare(`INSERT INTO events (id, user_id, name, venue, city, event_date, start_time, end_time, created_at, updated_at)
    VALUES ('e1', 'u1', 'Meetup', 'Library', 'Leeds', '2026-07-01', '18:00', '21:00', ?, ?)`)
    .run(at, at);
  const add = sqlite.prepare(`INSERT INTO event_registrations (id, event_id, first_name, last_name, email,
    registration_token_hash, created_at, updated_at) VALUES (?, 'e1', ?, ?, ?, ?, ?, ?)`);
  sqlite.transaction(() => {
    for (let i = 0; i < n; i++)
      add.run(`id-${i}`, `First${i % 50}`, `Last${i % 70}`, `p${i}@example.org`, `t${i}`, at, at);
  })();
}

describe('the attendee list queries (issue 8 B5)', () => {
  it('read registrations only through a covering index or by rowid/id, never a scan', async () => {
    await migrateToLatest(db);
    seed(2_000);
    const cases: [string, () => Promise<unknown>][] = [];
    const pinned = ['id-5', 'id-50', 'id-500'];
    for (const sortBy of ['newest', 'oldest', 'name-asc', 'name-desc'] as const) {
      for (const search of ['', 'ann', 'grace hopper']) {
        const p = { search, sortBy, limit: 10, offset: 20 };
        cases.push([`public ${sortBy} "${search}"`, () => listPublic(db, 'e1', p)]);
        cases.push([`public pinned ${sortBy} "${search}"`, () => listPublic(db, 'e1', { ...p, offset: 0, pinned })]);
        cases.push([`owned ${sortBy} "${search}"`, () => listOwned(db, 'u1', 'e1', p)]);
        if (search) {
          cases.push([`public searched page ${sortBy} "${search}"`, () => searchPublic(db, 'e1', p)]);
          cases.push([`owned searched page ${sortBy} "${search}"`, () => searchOwned(db, 'u1', 'e1', p)]);
        }
      }
    }
    cases.push(['count', () => countPublic(db, 'e1')]);
    cases.push(['count search', () => countPublic(db, 'e1', 'ann')]);
    cases.push(['owned count search', () => countOwned(db, 'u1', 'e1', 'grace hopper')]);
    cases.push(['checked-in count', () => countOwnedCheckedIn(db, 'u1', 'e1')]);

    const bad: string[] = [];
    for (const [name, run] of cases) {
      for (const steps of await plans(run)) {
        expect(steps.length, name).toBeGreaterThan(0);
        for (const step of steps) if (!ALLOWED.test(step)) bad.push(`${name}: ${step}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('judges a searched page that comes back short, and its total, in one pass over the index', async () => {
    const likes = () => captured.filter((q) => q.sql.includes(' LIKE ')).length;
    // [search, matches, statements judging the search]: a short page needs no count; a full one does
    for (const [search, offset, passes] of [
      ['first19 last19', 0, 1], // one match
      ['zzz', 0, 1], // none
      ['first4 last', 35, 1], // 40 matches: the last 5
      ['First1', 0, 2], // 440 matches: a full page, then the count
      ['First1', 5_000, 2], // past the last match: counted on its own
    ] as const) {
      const p = { search, sortBy: 'name-asc' as const, limit: 10, offset };
      captured = [];
      const page = await searchPublic(db, 'e1', p);
      expect(likes(), search).toBe(passes);
      expect(page.total, search).toBe(await countPublic(db, 'e1', search));
      expect(
        page.rows.map((r) => r.id),
        search,
      ).toEqual((await listPublic(db, 'e1', p)).map((r) => r.id));
      captured = [];
      expect(await searchOwned(db, 'u1', 'e1', p), search).toEqual(page);
      expect(likes()).toBe(passes);
    }
    expect(await searchOwned(db, 'u2', 'e1', { search: 'First1', sortBy: 'oldest', limit: 10, offset: 0 })).toEqual({
      rows: [],
      total: 0,
    });
  });
});
