import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AT, searchWorld } from '../../../tests/helpers/attendee-search-world';
import { onPostgres } from '../../../tests/helpers/test-db';
import { checkpointWal, deleteRegistrationsOf } from '../gdpr/erase.repo';
import { PEOPLE } from './attendee-search.cases';
import { countOwned, countPublic, searchOwned, searchPublic } from './registration-lists.repo';

// The attendee search's plans: which reads its index, and how (migration 0011: FTS5 on SQLite, pg_trgm on
// PostgreSQL); and that an erasure leaves nothing in FTS5's pages.

let w: Awaited<ReturnType<typeof searchWorld>>;
beforeEach(async () => {
  w = await searchWorld();
});
afterEach(() => w.close());

describe('the attendee search on its index: its plans (migration 0011)', () => {
  it.skipIf(onPostgres())('reads the FTS5 index for 3 characters or more, and LIKE alone below', async () => {
    for (const [first, last, email] of PEOPLE) await w.add('e1', first, last, email);
    await w.indexReadable(true);
    const reads = async (term: string) => {
      const seen = await w.statements(() =>
        searchPublic(w.db, 'e1', { search: term, sortBy: 'oldest', limit: 10, offset: 0 }),
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
    await w.indexReadable(false);
    expect(await reads('zoë')).toEqual({ probe: true, byCandidates: false });
  });

  it.skipIf(onPostgres())('leaves no trace of an erased event in the FTS5 index once the erasure is done', async () => {
    const blocks = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT coalesce(sum(length(block)), 0) AS n FROM event_registrations_search_data`.execute(w.db)
        ).rows[0].n,
      );
    for (let i = 0; i < 6; i++) await w.add('e1', `Quentin${i}`, 'Quuxley', `q${i}@example.org`);
    const full = await blocks();
    await deleteRegistrationsOf(w.db, 'e1');
    // FTS5 only marks them deleted: its pages still hold every trigram of the six (and the marks)
    expect(await blocks()).toBeGreaterThan(full);
    // what the erasure does after its transaction (server/features/gdpr/erase.ts): the merge drops them
    await checkpointWal(w.db);
    expect(await blocks()).toBeLessThan(full / 10);
  });

  it.skipIf(onPostgres())('SQLite: the search reads the FTS5 table, then only its candidates by rowid', async () => {
    for (let i = 0; i < 500; i++) await w.add('e1', `First${i % 50}`, `Last${i % 70}`, `p${i}@example.org`);
    await w.add('e1', 'Grace', 'Hopper', 'grace@navy.mil');
    await w.indexReadable(true);
    const plans = async (run: () => Promise<unknown>) => {
      const out: string[] = [];
      for (const q of await w.statements(run)) {
        const r = await w.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, q.parameters as unknown[]),
        );
        out.push(r.rows.map((x) => x.detail).join(' | '));
      }
      return out;
    };
    for (const search of ['grace hopper', 'zzz', 'first1']) {
      const p = { search, sortBy: 'name-asc' as const, limit: 10, offset: 0 };
      for (const run of [() => countPublic(w.db, 'e1', search), () => searchOwned(w.db, 'u1', 'e1', p)]) {
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
    await sql`INSERT INTO event_registrations (id, event_id, first_name, last_name, email, registration_token_hash,
      created_at, updated_at)
      SELECT 'g' || i, 'e1', 'First' || (i % 50), 'Last' || (i % 70), 'p' || i || '@example.org', 't' || i, ${AT}, ${AT}
      FROM generate_series(1, 3000) AS i`.execute(w.db);
    await w.add('e1', 'Grace', 'Hopper', 'grace@navy.mil');
    // what autovacuum does after a batch of inserts: GIN's pending entries go into the index, statistics
    await sql`VACUUM ANALYZE event_registrations`.execute(w.db);
    // On 3,000 rows a look at every row still costs little, so the planner may take it: without it, it shows
    // which index serves the search (bench B5 shows its own choices on 10,000)
    const plans = async (run: () => Promise<unknown>) => {
      const out: string[] = [];
      for (const q of await w.statements(run)) {
        const explained = await w.db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          return trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`EXPLAIN ${q.sql}`, q.parameters as unknown[]),
          );
        });
        out.push(explained.rows.map((x) => x['QUERY PLAN']).join('\n'));
      }
      return out;
    };
    const count = (search: string) => plans(() => countOwned(w.db, 'u1', 'e1', search));
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
      searchOwned(w.db, 'u1', 'e1', { search: 'hopper', sortBy: 'name-asc', limit: 10, offset: 0 }),
    );
    expect(page.join()).toMatch(/Bitmap Index Scan on event_registrations_trgm_/);
  });
});
