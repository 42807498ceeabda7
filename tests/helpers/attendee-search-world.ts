import { type CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '#server/db/connection';
import { dialectOf, isPostgres, likeIgnoringCase } from '#server/db/dialect';
import {
  countOwned,
  countPublic,
  listOwned,
  listPublic,
  searchOwned,
  searchPublic,
} from '#server/features/registrations/registration-lists.repo';
import { openTestDb } from './test-db';

// The attendee search's tests (server/features/registrations/attendee-search.test.ts and
// attendee-search-plans.test.ts): a small world of
// entries, and what a plain look at every row finds, to compare the search with.

export const AT = '2026-06-01T09:00:00.000Z';
/**
 * A fresh database with two users and two events (e1, e2 of u1), and the helpers the search's tests share.
 * `db` is swapped for a spying one while `statements` runs: read it through the world, not a copy.
 */
export async function searchWorld() {
  let made = 0;
  let db: Db = await openTestDb();
  await sql`INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at)
    VALUES ('u1', 'o@example.org', 'x', 'O', 'X', ${AT}, ${AT}), ('u2', 'p@example.org', 'x', 'P', 'Y', ${AT}, ${AT})`.execute(
    db,
  );
  for (const e of ['e1', 'e2']) {
    await sql`INSERT INTO events (id, user_id, name, venue, city, event_date, start_time, end_time, created_at, updated_at)
      VALUES (${e}, 'u1', 'Meetup', 'Library', 'Leeds', '2026-07-01', '18:00', '21:00', ${AT}, ${AT})`.execute(db);
  }

  async function add(eventId: string, first_name: string, last_name: string, email: string | null) {
    made += 1;
    const id = `r-${String(made).padStart(4, '0')}`;
    await db
      .insertInto('event_registrations')
      .values({
        id,
        event_id: eventId,
        first_name,
        last_name,
        email,
        phone: null,
        headline: null,
        photo_url: null,
        registration_token_hash: `t-${id}`,
        checked_in_at: null,
        checked_out_at: null,
        // a few share a millisecond: the rowid breaks their ties
        created_at: new Date(Date.parse(AT) + Math.floor(made / 3) * 1000).toISOString(),
        updated_at: AT,
      })
      .execute();
    return id;
  }

  /**
   * The search's index is read only when it finds few enough candidates for the event's size (a share of
   * attendee_count): a large count makes every search of 3 or more characters read it, 0 makes none.
   */
  const indexReadable = (yes: boolean) =>
    db
      .updateTable('events')
      .set({ attendee_count: yes ? 999_999 : 0 })
      .execute();

  /** What a plain look at every row of the event finds (no index can be read), in the sort's order. */
  async function plainScan(eventId: string, term: string, sortBy: 'oldest' | 'name-desc', withEmail = true) {
    const all = await listPublic(db, eventId, { search: '', sortBy, limit: 1000, offset: 0 });
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = likeIgnoringCase(dialectOf(db));
    const matching = db
      .selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', eventId)
      .where(
        sql<boolean>`(first_name ${like} ${pattern} ESCAPE '\\' OR last_name ${like} ${pattern} ESCAPE '\\'
        OR (${withEmail ? 1 : 0} = 1 AND email ${like} ${pattern} ESCAPE '\\')
        OR (first_name || ' ' || last_name) ${like} ${pattern} ESCAPE '\\')`,
      );
    // PostgreSQL reads a GIN index only through a bitmap scan: without them, this is a look at every row
    const rows = isPostgres(db)
      ? await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
          return trx.executeQuery(matching.compile());
        })
      : await matching.execute().then((r) => ({ rows: r }));
    const ids = new Set(rows.rows.map((r) => r.id));
    return all.map((r) => r.id).filter((id) => ids.has(id));
  }

  /** Every statement the repo runs meanwhile, as compiled (on either database). */
  async function statements(run: () => Promise<unknown>) {
    const seen: CompiledQuery[] = [];
    const executor = db.getExecutor();
    const spy: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        seen.push(executor.compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const outer = db;
    db = db.withPlugin(spy);
    try {
      await run();
    } finally {
      db = outer;
    }
    return seen;
  }

  async function expectSameAsPlainScan(term: string, viaIndex: boolean) {
    for (const sortBy of ['oldest', 'name-desc'] as const) {
      // the organiser's search also looks at e-mail addresses; the public one only at names (a visitor must
      // not learn whose address is in the room)
      const want = await plainScan('e1', term, sortBy);
      const wantPublic = await plainScan('e1', term, sortBy, false);
      const label = `"${term}" ${sortBy} ${viaIndex ? 'index' : 'no index'}`;
      const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
      expect(await countPublic(db, 'e1', term), label).toBe(wantPublic.length);
      expect(await countOwned(db, 'u1', 'e1', term), label).toBe(want.length);
      expect(await countOwned(db, 'u2', 'e1', term), label).toBe(0);
      for (const offset of [0, 3, 6, 100]) {
        const p = { search: term, sortBy, limit: 3, offset };
        const page = want.slice(offset, offset + 3);
        const publicPage = wantPublic.slice(offset, offset + 3);
        expect(ids(await listPublic(db, 'e1', p)), `${label} @${offset}`).toEqual(publicPage);
        expect(ids(await listOwned(db, 'u1', 'e1', p)), `${label} @${offset}`).toEqual(page);
        const found = await searchPublic(db, 'e1', p);
        expect([ids(found.rows), found.total], `${label} @${offset}`).toEqual([publicPage, wantPublic.length]);
        const owned = await searchOwned(db, 'u1', 'e1', p);
        expect([ids(owned.rows), owned.total], `${label} @${offset}`).toEqual([page, want.length]);
      }
      // pins first, the search still applied to them
      const pinned = [wantPublic.at(-1), 'r-0001', 'r-0005'].filter((x): x is string => Boolean(x));
      const withPins = await listPublic(db, 'e1', { search: term, sortBy, limit: 50, offset: 0, pinned });
      const pins = wantPublic.filter((id) => pinned.includes(id));
      expect(ids(withPins), label).toEqual([...pins, ...wantPublic.filter((id) => !pinned.includes(id))]);
    }
  }

  return {
    get db() {
      return db;
    },
    add,
    indexReadable,
    plainScan,
    statements,
    expectSameAsPlainScan,
    /** PostgreSQL's pools are closed after the file (test-db.ts). */
    close: async () => {
      if (!isPostgres(db)) await db.destroy();
    },
  };
}
