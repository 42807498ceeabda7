import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { rejection } from '../../../tests/helpers/factory';
import {
  anon,
  changes,
  joinInput,
  newEvent,
  organiser,
  s,
  setUpRegistrationsWorld,
} from '../../../tests/helpers/registrations-world';
import type { Change } from '../changes/bus';

setUpRegistrationsWorld();

async function room(n: number) {
  const e = await newEvent(s.ada);
  const api = await anon()();
  const people = [];
  for (let i = 0; i < n; i++) people.push(await api.join(joinInput(e.id, { first_name: `P${i}` })));
  return { e, people, visitor: api };
}

/** Here now, counted straight from the rows. */
const hereNowRows = async (eventId: string) =>
  (
    await s.t.db
      .selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', eventId)
      .where('checked_in_at', 'is not', null)
      .where('checked_out_at', 'is', null)
      .execute()
  ).length;

describe('here now: check-in, check-out and their undo', () => {
  it('check-out marks someone checked in as gone; undo brings them back; "check in again" starts a new visit', async () => {
    const { e, people } = await room(2);
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const api = await organiser(s.ada);
    const id = people[0].id;
    const inAt = s.t.clock.now().toISOString();
    await api.checkIn({ id });
    s.t.clock.advance(60_000);
    const outAt = s.t.clock.now().toISOString();
    expect(await api.checkOut({ id })).toMatchObject({ checked_in_at: inAt, checked_out_at: outAt });
    s.t.clock.advance(1000);
    // a second tap changes nothing and records nothing
    expect((await api.checkOut({ id })).checked_out_at).toBe(outAt);
    expect((await api.organiserList({ eventId: e.id })).hereNowCount).toBe(0);
    expect(await api.undoCheckOut({ id })).toMatchObject({ checked_in_at: inAt, checked_out_at: null });
    expect((await api.undoCheckOut({ id })).checked_out_at).toBeNull();
    expect((await api.organiserList({ eventId: e.id })).hereNowCount).toBe(1);

    await api.checkOut({ id });
    s.t.clock.advance(60_000);
    const again = s.t.clock.now().toISOString();
    expect(await api.checkIn({ id })).toMatchObject({ checked_in_at: again, checked_out_at: null });
    // undoing the check-in clears the visit entirely
    expect(await api.undoCheckIn({ id })).toMatchObject({ checked_in_at: null, checked_out_at: null });

    const kinds = (await changes(e.id)).slice(2).map((c) => c.kind);
    expect(kinds).toEqual(['checked_in', 'updated', 'updated', 'updated', 'checked_in', 'check_in_undone']);
    expect(published.map((c) => c.kind)).toEqual(kinds);
  });

  it('someone not checked in cannot be checked out, and says so', async () => {
    const { people } = await room(1);
    const api = await organiser(s.ada);
    expect(await rejection(api.checkOut({ id: people[0].id }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.attendees.checkOutNotCheckedIn,
    });
    // undoing a check-out that never happened changes nothing
    expect((await api.undoCheckOut({ id: people[0].id })).checked_out_at).toBeNull();
  });

  it('only the event owner checks out or undoes it', async () => {
    const { people } = await room(1);
    const id = people[0].id;
    await (await organiser(s.ada)).checkIn({ id });
    const bob = await organiser(s.bob);
    const denied = { code: 'NOT_FOUND', message: M.events.notFoundOrDenied };
    expect(await rejection(bob.checkOut({ id }))).toEqual(denied);
    expect(await rejection(bob.undoCheckOut({ id }))).toEqual(denied);
    const nobody = (await anon()()) as unknown as { checkOut: (i: { id: string }) => Promise<unknown> };
    expect((await rejection(nobody.checkOut({ id }))).code).toBe('UNAUTHORIZED');
    expect(await hereNowRows(people[0].event_id)).toBe(1);
  });

  it('"N here now · M joined" agrees with the rows after a burst of concurrent check-ins and check-outs', async () => {
    const { e, people, visitor } = await room(30);
    const api = await organiser(s.ada);
    // everyone checks in at once (some twice), then a third leave at once while others are undone
    await Promise.all([...people, ...people.slice(0, 10)].map((p) => api.checkIn({ id: p.id })));
    await Promise.all([
      ...people.slice(0, 10).map((p) => api.checkOut({ id: p.id })),
      ...people.slice(10, 15).map((p) => api.undoCheckIn({ id: p.id })),
      ...people.slice(0, 3).map((p) => api.checkOut({ id: p.id })),
      ...people.slice(15, 20).map((p) => api.undoCheckOut({ id: p.id })),
    ]);
    await Promise.all(people.slice(0, 4).map((p) => api.undoCheckOut({ id: p.id })));
    const rows = await hereNowRows(e.id);
    expect(rows).toBe(30 - 10 - 5 + 4);
    const owner = await api.organiserList({ eventId: e.id });
    const pub = await visitor.list({ eventId: e.id });
    expect([owner.hereNowCount, owner.totalRegistrations]).toEqual([rows, 30]);
    expect([pub.hereNowCount, pub.totalRegistrations]).toEqual([rows, 30]);
    // the list's rows say the same, person by person
    const all = await api.organiserList({ eventId: e.id, limit: 50 });
    expect(all.registrations.filter((r) => r.checked_in_at && !r.checked_out_at)).toHaveLength(rows);
  });
});
