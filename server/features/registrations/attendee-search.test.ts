import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres, openTestDb } from '../../../tests/helpers/test-db';
import type { Db } from '../../db/connection';
import { dialectOf, isPostgres, likeIgnoringCase } from '../../db/dialect';
import { checkpointWal, deleteRegistrationsOf } from '../gdpr/erase.repo';
import { PEOPLE, TERMS } from './attendee-search.cases';
import { countOwned, countPublic, listOwned, listPublic, searchOwned, searchPublic } from './registration-lists.repo';

// The attendee search reads its trigram index (migration 0011: FTS5 on SQLite, pg_trgm on PostgreSQL)
// and finds exactly what a plain look at every row finds, in the same order and pages, for any text;
// the index follows every insert, edit, delete and erasure; and the plans show it read.

const AT = '2026-06-01T09:00:00.000Z';
let db: Db;
afterEach(async () => {
  if (!isPostgres(db)) await db.destroy(); // PostgreSQL's pools are closed after the file (test-db.ts)
});

async function world() {
  made = 0;
  db = await openTestDb();
  await sql`INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at)
    VALUES ('u1', 'o@example.org', 'x', 'O', 'X', ${AT}, ${AT}), ('u2', 'p@example.org', 'x', 'P', 'Y', ${AT}, ${AT})`.execute(
    db,
  );
  for (const e of ['e1', 'e2']) {
    await sql`INSERT INTO events (id, user_id, name, venue, city, event_date, start_time, end_time, created_at, updated_at)
      VALUES (${e}, 'u1', 'Meetup', 'Library', 'Leeds', '2026-07-01', '18:00', '21:00', ${AT}, ${AT})`.execute(db);
  }
}

let made = 0;
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

describe('the attendee search on its index (migration 0011)', () => {
  it('finds exactly what a look at every row finds, for tricky text, with and without the index', async () => {
    await world();
    for (const [first, last, email] of PEOPLE) await add('e1', first, last, email);
    // the same people at another event: the index holds every event's, the search only this one's
    for (const [first, last, email] of PEOPLE.slice(0, 8)) await add('e2', first, last, email);
    // a NUL would end FTS5's string; PostgreSQL refuses it in text altogether
    const terms = isPostgres(db) ? TERMS : [...TERMS, 'ab\0cd', 'zo\0'];
    for (const viaIndex of isPostgres(db) ? [true] : [true, false]) {
      await indexReadable(viaIndex);
      for (const term of terms) await expectSameAsPlainScan(term, viaIndex);
    }
    // the plain scan is no echo of the search: these find what they should (SQLite's LIKE folds ASCII
    // letters only, PostgreSQL's ILIKE every letter its locale knows)
    expect(await plainScan('e1', 'grace hopper', 'oldest')).toEqual(['r-0006', 'r-0007']);
    expect(await plainScan('e1', 'ZOË', 'oldest')).toEqual(isPostgres(db) ? ['r-0001', 'r-0002'] : ['r-0002']);
    if (!isPostgres(db)) expect(await plainScan('e1', 'KEL', 'oldest')).toEqual(['r-0018']);
  });

  it.skipIf(onPostgres())('reads the FTS5 index for 3 characters or more, and LIKE alone below', async () => {
    await world();
    for (const [first, last, email] of PEOPLE) await add('e1', first, last, email);
    await indexReadable(true);
    const reads = async (term: string) => {
      const seen = await statements(() =>
        searchPublic(db, 'e1', { search: term, sortBy: 'oldest', limit: 10, offset: 0 }),
      );
      return {
        probe: seen.some((q) => q.sql.includes('event_registrations_search MATCH')),
        byCandidates: seen.some((q) => q.sql.includes('json_each')),
      };
    };
    for (const term of ['zoë', 'grace hopper', 'race h', '"brien', '%%%', 'ann OR bob', '😀ab'])
      expect(await reads(term), term).toEqual({ probe: true, byCandidates: true });
    for (const term of ['zo', 'ë', 'ce ho', '😀a', '%', 'ab\0cd'])
      expect(await reads(term), term).toEqual({ probe: false, byCandidates: false });
    // more candidates than are worth reading one by one for this event: the LIKEs look at every entry
    await indexReadable(false);
    expect(await reads('zoë')).toEqual({ probe: true, byCandidates: false });
  });

  it('follows every insert, edit of a name or e-mail, delete, erasure and deleted event', async () => {
    await world();
    await indexReadable(true);
    const found = async (eventId: string, term: string) =>
      (await searchOwned(db, 'u1', eventId, { search: term, sortBy: 'oldest', limit: 50, offset: 0 })).rows.map(
        (r) => r.id,
      );
    // SQLite: what the index itself holds (the LIKEs would hide an entry left behind), and its own check
    // of every entry against the rows
    const indexed = async (term: string) => {
      if (isPostgres(db)) return found('e1', term);
      await sql`INSERT INTO event_registrations_search(event_registrations_search) VALUES ('integrity-check')`.execute(
        db,
      );
      const r = await sql<{ id: string }>`SELECT r.id FROM event_registrations_search s
        JOIN event_registrations r ON r.rowid = s.rowid
        WHERE event_registrations_search MATCH ${`"${term}"`} ORDER BY r.rowid`.execute(db);
      return r.rows.map((x) => x.id);
    };
    const a = await add('e1', 'Quentin', 'Quuxley', 'qtn@example.org');
    const b = await add('e1', 'Beatrix', 'Quuxley', null);
    const kept = await add('e2', 'Keeper', 'Staysalot', null);
    expect([await found('e1', 'quuxley'), await indexed('quuxley')]).toEqual([
      [a, b],
      [a, b],
    ]);

    await db.updateTable('event_registrations').set({ first_name: 'Quincy' }).where('id', '=', a).execute();
    expect([await found('e1', 'quentin'), await indexed('quentin')]).toEqual([[], []]);
    expect([await found('e1', 'QUINCY'), await indexed('quincy')]).toEqual([[a], [a]]);
    expect(await found('e1', 'quincy quux')).toEqual([a]);
    await db.updateTable('event_registrations').set({ email: 'new.mail@example.org' }).where('id', '=', a).execute();
    expect([await found('e1', 'qtn@'), await indexed('qtn@')]).toEqual([[], []]);
    expect(await found('e1', 'new.mail')).toEqual([a]);
    await db.updateTable('event_registrations').set({ checked_in_at: AT }).where('id', '=', a).execute();
    expect(await found('e1', 'quincy')).toEqual([a]);

    await db.deleteFrom('event_registrations').where('id', '=', b).execute();
    expect([await found('e1', 'beatrix'), await indexed('beatrix')]).toEqual([[], []]);

    // erasure deletes the event's registrations (server/features/gdpr/erase.ts); the other event keeps its own
    expect(await deleteRegistrationsOf(db, 'e1')).toBe(1);
    expect([await found('e1', 'quincy'), await indexed('quincy'), await indexed('quuxley')]).toEqual([[], [], []]);
    expect(await found('e2', 'staysalot')).toEqual([kept]);

    // deleting an event deletes its registrations through the foreign key (the triggers still run)
    await db.deleteFrom('events').where('id', '=', 'e2').execute();
    expect(await indexed('staysalot')).toEqual([]);
  });

  it.skipIf(onPostgres())('leaves no trace of an erased event in the FTS5 index once the erasure is done', async () => {
    await world();
    const blocks = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT coalesce(sum(length(block)), 0) AS n FROM event_registrations_search_data`.execute(db)
        ).rows[0].n,
      );
    for (let i = 0; i < 6; i++) await add('e1', `Quentin${i}`, 'Quuxley', `q${i}@example.org`);
    const full = await blocks();
    await deleteRegistrationsOf(db, 'e1');
    // FTS5 only marks them deleted: its pages still hold every trigram of the six (and the marks)
    expect(await blocks()).toBeGreaterThan(full);
    // what the erasure does after its transaction (server/features/gdpr/erase.ts): the merge drops them
    await checkpointWal(db);
    expect(await blocks()).toBeLessThan(full / 10);
  });

  it.skipIf(onPostgres())('SQLite: the search reads the FTS5 table, then only its candidates by rowid', async () => {
    await world();
    for (let i = 0; i < 500; i++) await add('e1', `First${i % 50}`, `Last${i % 70}`, `p${i}@example.org`);
    await add('e1', 'Grace', 'Hopper', 'grace@navy.mil');
    await indexReadable(true);
    const plans = async (run: () => Promise<unknown>) => {
      const out: string[] = [];
      for (const q of await statements(run)) {
        const r = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, q.parameters as unknown[]),
        );
        out.push(r.rows.map((x) => x.detail).join(' | '));
      }
      return out;
    };
    for (const search of ['grace hopper', 'zzz', 'first1']) {
      const p = { search, sortBy: 'name-asc' as const, limit: 10, offset: 0 };
      for (const run of [() => countPublic(db, 'e1', search), () => searchOwned(db, 'u1', 'e1', p)]) {
        const [probe, ...rest] = await plans(run);
        expect(probe, search).toMatch(/SCAN event_registrations_search VIRTUAL TABLE INDEX \d+:M/);
        expect(rest.length, search).toBeGreaterThan(0);
        for (const plan of rest) {
          // the candidates by rowid, never a walk of the event's index or the table
          expect(plan, search).toMatch(/SEARCH event_registrations USING INTEGER PRIMARY KEY \(rowid=\?\)/);
          expect(plan, search).not.toMatch(/SCAN event_registrations\b(?!_search)|USING COVERING INDEX/);
        }
      }
    }
  });

  it.skipIf(!onPostgres())('PostgreSQL: the search reads the trigram indexes', async () => {
    await world();
    await sql`INSERT INTO event_registrations (id, event_id, first_name, last_name, email, registration_token_hash,
      created_at, updated_at)
      SELECT 'g' || i, 'e1', 'First' || (i % 50), 'Last' || (i % 70), 'p' || i || '@example.org', 't' || i, ${AT}, ${AT}
      FROM generate_series(1, 3000) AS i`.execute(db);
    await add('e1', 'Grace', 'Hopper', 'grace@navy.mil');
    // what autovacuum does after a batch of inserts: GIN's pending entries go into the index, statistics
    await sql`VACUUM ANALYZE event_registrations`.execute(db);
    // On 3,000 rows a look at every row still costs little, so the planner may take it: without it, it shows
    // which index serves the search (bench B5 shows its own choices on 10,000)
    const plans = async (run: () => Promise<unknown>) => {
      const out: string[] = [];
      for (const q of await statements(run)) {
        const explained = await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          return trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`EXPLAIN ${q.sql}`, q.parameters as unknown[]),
          );
        });
        out.push(explained.rows.map((x) => x['QUERY PLAN']).join('\n'));
      }
      return out;
    };
    const count = (search: string) => plans(() => countOwned(db, 'u1', 'e1', search));
    // one word: first name, last name and e-mail, each on its index; with a space: the full name and e-mail
    expect((await count('hopper')).join()).toMatch(
      /event_registrations_trgm_first[\s\S]*event_registrations_trgm_last[\s\S]*event_registrations_trgm_email/,
    );
    expect((await count('grace hopper')).join()).toMatch(
      /event_registrations_trgm_full[\s\S]*event_registrations_trgm_email/,
    );
    expect((await count('zzz')).join()).toMatch(/Bitmap Index Scan on event_registrations_trgm_/);
    // a page too (on 10,000 a common name's page walks the sorted index and stops early: the planner's choice)
    const page = await plans(() =>
      searchOwned(db, 'u1', 'e1', { search: 'hopper', sortBy: 'name-asc', limit: 10, offset: 0 }),
    );
    expect(page.join()).toMatch(/Bitmap Index Scan on event_registrations_trgm_/);
  });
});
