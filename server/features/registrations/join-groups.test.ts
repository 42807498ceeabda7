import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import type { RegistrationDto } from '#shared/schemas/registrations';
import { rejection } from '../../../tests/helpers/factory';
import {
  anon,
  attendeeCount,
  changes,
  eraseFlag,
  joinInput,
  joinTogether,
  newEvent,
  photoFiles,
  refuseBoom,
  rowCount,
  s,
  setUpRegistrationsWorld,
  token,
} from '../../../tests/helpers/registrations-world';
import { onPostgres } from '../../../tests/helpers/test-db';
import type { Change } from '../changes/bus';

// Joins that share one group commit (server/db/group-commit.ts): on PostgreSQL the group's rows, counts
// and change-log rows are written by one statement, and the group falls back to one savepoint per join
// when that statement is refused. Every case runs on both databases (`npm run test:pg`).

setUpRegistrationsWorld();

const value = (r: PromiseSettledResult<RegistrationDto>) => (r as PromiseFulfilledResult<RegistrationDto>).value;

describe('joins sharing one transaction', () => {
  it('joins that reach their transaction together share it; one failing there fails alone', async () => {
    const e = await newEvent(s.ada);
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    await refuseBoom();
    const counted = joinTogether(3);
    const api = await anon()();
    const [ada, boom, cy] = await Promise.allSettled(
      ['Ada', 'Boom', 'Cy'].map((first_name) => api.join(joinInput(e.id, { first_name }))),
    );
    expect(counted.transactions).toBe(1);
    expect([ada.status, boom.status, cy.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((boom as PromiseRejectedResult).reason).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    const made = [ada, cy].map(value);
    expect([await rowCount(e.id), await attendeeCount(e.id)]).toEqual([2, 2]);
    expect(photoFiles().sort()).toEqual(made.map((r) => path.basename(r.photo_url!)).sort());
    const log = await changes(e.id);
    // in the order the photo writes finished, one change each
    expect(log.map((c) => c.registration_id).sort()).toEqual(made.map((r) => r.id).sort());
    expect(published).toEqual(log);
  });

  it.each([
    ['as one statement', false],
    ['one by one after a refused row', true],
  ])('%s: a token twice gives one entry, two events each get their own count and changes', async (_label, boom) => {
    const [e1, e2] = [await newEvent(s.ada), await newEvent(s.bob)];
    if (boom) await refuseBoom();
    const published: Change[] = [];
    for (const e of [e1, e2]) s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const twice = joinInput(e1.id, { first_name: 'Twice' });
    const inputs = [
      joinInput(e1.id, { first_name: 'Ada' }),
      twice,
      joinInput(e2.id, { first_name: 'Bea' }),
      { ...twice, first_name: 'Again' },
      joinInput(e1.id, { first_name: 'Cy' }),
      ...(boom ? [joinInput(e2.id, { first_name: 'Boom' })] : []),
    ];
    const counted = joinTogether(inputs.length);
    const api = await anon()();
    const results = await Promise.allSettled(inputs.map((input) => api.join(input)));
    expect(counted.transactions).toBe(1);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
    if (boom) expect((results[5] as PromiseRejectedResult).reason).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    const [ada, first, bea, again, cy] = results.map(value);
    // the token's join that reached the group second is answered with the first one's entry
    expect(again).toEqual(first);
    expect(['Twice', 'Again']).toContain(first.first_name);
    expect([await rowCount(e1.id), await attendeeCount(e1.id)]).toEqual([3, 3]);
    expect([await rowCount(e2.id), await attendeeCount(e2.id)]).toEqual([1, 1]);
    expect(photoFiles().sort()).toEqual([ada, first, bea, cy].map((r) => path.basename(r.photo_url!)).sort());
    // one change per entry, in the order the joins reached the group
    const idOfPhoto = new Map([ada, first, bea, cy].map((r) => [r.photo_url, r.id]));
    const reached = counted.order.map((url) => idOfPhoto.get(url)).filter((id) => id !== undefined);
    const log1 = await changes(e1.id);
    expect(log1.map((c) => c.registration_id)).toEqual(reached.filter((id) => id !== bea.id));
    expect((await changes(e2.id)).map((c) => c.registration_id)).toEqual([bea.id]);
    expect(published.sort((a, b) => a.seq - b.seq)).toEqual(
      [...log1, ...(await changes(e2.id))].sort((a, b) => a.seq - b.seq),
    );
  });

  it('a join whose event was erased while its photo was written is refused; the others of its group join', async () => {
    const [open, erased] = [await newEvent(s.ada), await newEvent(s.bob)];
    const counted = joinTogether(3, () => eraseFlag(erased.id));
    const api = await anon()();
    const [a, gone, b] = await Promise.allSettled([
      api.join(joinInput(open.id, { first_name: 'Ada' })),
      api.join(joinInput(erased.id, { first_name: 'Late' })),
      api.join(joinInput(open.id, { first_name: 'Bea' })),
    ]);
    expect(counted.transactions).toBe(1);
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(await rejection(Promise.reject((gone as PromiseRejectedResult).reason))).toEqual({
      code: 'FORBIDDEN',
      message: M.attendees.roomClosed,
    });
    expect([await rowCount(open.id), await attendeeCount(open.id)]).toEqual([2, 2]);
    expect([await rowCount(erased.id), await attendeeCount(erased.id)]).toEqual([0, 0]);
    expect(await changes(erased.id)).toEqual([]);
    expect(photoFiles().sort()).toEqual([a, b].map((r) => path.basename(value(r).photo_url!)).sort());
  });

  it('parallel joins with one token over several groups: one entry, one change, one file', async () => {
    const e = await newEvent(s.ada);
    const tok = token();
    const api = await anon()();
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.join(joinInput(e.id, { token: tok, first_name: `Try${i}` }))),
    );
    expect(new Set(all.map((r) => r.id)).size).toBe(1);
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([1, 1, 1]);
    expect(await changes(e.id)).toHaveLength(1);
  });

  it.runIf(onPostgres())('on PostgreSQL the rows of a group are inserted by one statement', async () => {
    const e = await newEvent(s.ada);
    await sql`CREATE TABLE insert_statements (n integer)`.execute(s.t.db);
    await sql`CREATE FUNCTION count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO insert_statements VALUES (1); RETURN NULL; END $$`.execute(s.t.db);
    await sql`CREATE TRIGGER count_insert AFTER INSERT ON event_registrations
      FOR EACH STATEMENT EXECUTE FUNCTION count_insert()`.execute(s.t.db);
    const counted = joinTogether(4);
    const api = await anon()();
    await Promise.all(['Ada', 'Bea', 'Cy', 'Dee'].map((first_name) => api.join(joinInput(e.id, { first_name }))));
    expect(counted.transactions).toBe(1);
    const n = await sql<{ n: number }>`SELECT count(*) AS n FROM insert_statements`.execute(s.t.db);
    expect(n.rows[0].n).toBe(1);
    expect([await rowCount(e.id), await attendeeCount(e.id), (await changes(e.id)).length]).toEqual([4, 4, 4]);
  });
});
