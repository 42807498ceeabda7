import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AT, searchWorld } from '../../../tests/helpers/attendee-search-world';
import { isPostgres } from '../../db/dialect';
import { deleteRegistrationsOf } from '../gdpr/erase.repo';
import { PEOPLE, TERMS } from './attendee-search.cases';
import { searchOwned } from './registration-lists.repo';

// The attendee search reads its trigram index (migration 0011: FTS5 on SQLite, pg_trgm on PostgreSQL)
// and finds exactly what a plain look at every row finds, in the same order and pages, for any text;
// the index follows every insert, edit, delete and erasure. Its plans: attendee-search-plans.test.ts.

let w: Awaited<ReturnType<typeof searchWorld>>;
beforeEach(async () => {
  w = await searchWorld();
});
afterEach(() => w.close());

describe('the attendee search on its index (migration 0011)', () => {
  it('finds exactly what a look at every row finds, for tricky text, with and without the index', async () => {
    for (const [first, last, email] of PEOPLE) await w.add('e1', first, last, email);
    // the same people at another event: the index holds every event's, the search only this one's
    for (const [first, last, email] of PEOPLE.slice(0, 8)) await w.add('e2', first, last, email);
    // a NUL would end FTS5's string; PostgreSQL refuses it in text altogether
    const terms = isPostgres(w.db) ? TERMS : [...TERMS, 'ab\0cd', 'zo\0'];
    for (const viaIndex of isPostgres(w.db) ? [true] : [true, false]) {
      await w.indexReadable(viaIndex);
      for (const term of terms) await w.expectSameAsPlainScan(term, viaIndex);
    }
    // the plain scan is no echo of the search: these find what they should (SQLite's LIKE folds ASCII
    // letters only, PostgreSQL's ILIKE every letter its locale knows)
    expect(await w.plainScan('e1', 'grace hopper', 'oldest')).toEqual(['r-0006', 'r-0007']);
    expect(await w.plainScan('e1', 'ZOË', 'oldest')).toEqual(isPostgres(w.db) ? ['r-0001', 'r-0002'] : ['r-0002']);
    if (!isPostgres(w.db)) expect(await w.plainScan('e1', 'KEL', 'oldest')).toEqual(['r-0018']);
  });

  it('follows every insert, edit of a name or e-mail, delete, erasure and deleted event', async () => {
    await w.indexReadable(true);
    const found = async (eventId: string, term: string) =>
      (await searchOwned(w.db, 'u1', eventId, { search: term, sortBy: 'oldest', limit: 50, offset: 0 })).rows.map(
        (r) => r.id,
      );
    // SQLite: what the index itself holds (the LIKEs would hide an entry left behind), and its own check
    // of every entry against the rows
    const indexed = async (term: string) => {
      if (isPostgres(w.db)) return found('e1', term);
      await sql`INSERT INTO event_registrations_search(event_registrations_search) VALUES ('integrity-check')`.execute(
        w.db,
      );
      const r = await sql<{ id: string }>`SELECT r.id FROM event_registrations_search s
        JOIN event_registrations r ON r.rowid = s.rowid
        WHERE event_registrations_search MATCH ${`"${term}"`} ORDER BY r.rowid`.execute(w.db);
      return r.rows.map((x) => x.id);
    };
    const a = await w.add('e1', 'Quentin', 'Quuxley', 'qtn@example.org');
    const b = await w.add('e1', 'Beatrix', 'Quuxley', null);
    const kept = await w.add('e2', 'Keeper', 'Staysalot', null);
    expect([await found('e1', 'quuxley'), await indexed('quuxley')]).toEqual([
      [a, b],
      [a, b],
    ]);

    await w.db.updateTable('event_registrations').set({ first_name: 'Quincy' }).where('id', '=', a).execute();
    expect([await found('e1', 'quentin'), await indexed('quentin')]).toEqual([[], []]);
    expect([await found('e1', 'QUINCY'), await indexed('quincy')]).toEqual([[a], [a]]);
    expect(await found('e1', 'quincy quux')).toEqual([a]);
    await w.db.updateTable('event_registrations').set({ email: 'new.mail@example.org' }).where('id', '=', a).execute();
    expect([await found('e1', 'qtn@'), await indexed('qtn@')]).toEqual([[], []]);
    expect(await found('e1', 'new.mail')).toEqual([a]);
    await w.db.updateTable('event_registrations').set({ checked_in_at: AT }).where('id', '=', a).execute();
    expect(await found('e1', 'quincy')).toEqual([a]);

    await w.db.deleteFrom('event_registrations').where('id', '=', b).execute();
    expect([await found('e1', 'beatrix'), await indexed('beatrix')]).toEqual([[], []]);

    // erasure deletes the event's registrations (server/features/gdpr/erase.ts); the other event keeps its own
    expect(await deleteRegistrationsOf(w.db, 'e1')).toBe(1);
    expect([await found('e1', 'quincy'), await indexed('quincy'), await indexed('quuxley')]).toEqual([[], [], []]);
    expect(await found('e2', 'staysalot')).toEqual([kept]);

    // deleting an event deletes its registrations through the foreign key (the triggers still run)
    await w.db.deleteFrom('events').where('id', '=', 'e2').execute();
    expect(await indexed('staysalot')).toEqual([]);
  });
});
