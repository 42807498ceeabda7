import { describe, expect, it } from 'vitest';
import { DOOR } from '#shared/door-constants';
import type { DoorAction } from '#shared/schemas/door';
import {
  anon,
  changes,
  joinInput,
  newEvent,
  s,
  setUpRegistrationsWorld,
} from '../../../tests/helpers/registrations-world';
import type { Change } from '../changes/bus';
import { eraseEvent } from '../gdpr/erase';

setUpRegistrationsWorld();

const door = async (u: typeof s.ada) => (await u.call()).door;

async function room(n: number) {
  const e = await newEvent(s.ada);
  const api = await anon()();
  const people = [];
  for (let i = 0; i < n; i++) {
    people.push(await api.join(joinInput(e.id, { first_name: `P${i}` })));
    s.t.clock.advance(1000);
  }
  return { e, people };
}

const act = (registrationId: string, kind: DoorAction['kind'], at = s.t.clock.now().toISOString()): DoorAction => ({
  id: crypto.randomUUID(),
  registrationId,
  kind,
  at,
});

describe('the door: the list for the device', () => {
  it('comes in pages, oldest first, with names, photo and presence but no e-mail, phone or token', async () => {
    const { e, people } = await room(3);
    const first = await (await door(s.ada)).snapshot({ eventId: e.id });
    expect(first.event).toMatchObject({ id: e.id, name: e.name, erased: false });
    expect(Date.parse(first.event.erases_at)).toBeGreaterThan(Date.parse(`${e.event_date}T00:00:00Z`));
    expect(first.attendees.map((a) => a.id)).toEqual(people.map((p) => p.id));
    expect(Object.keys(first.attendees[0]).sort()).toEqual(
      [
        'checked_in_at',
        'checked_out_at',
        'created_at',
        'first_name',
        'headline',
        'id',
        'last_name',
        'photo_url',
      ].sort(),
    );
    expect(first.next).toBeNull();
  });

  it('pages by (created_at, id) so rows made in the same millisecond are neither lost nor repeated', async () => {
    const e = await newEvent(s.ada);
    const api = await anon()();
    const n = DOOR.SNAPSHOT_PAGE + 3;
    const joined = new Set<string>();
    for (let i = 0; i < n; i++) joined.add((await api.join(joinInput(e.id, { first_name: `P${i}` }))).id);
    const d = await door(s.ada);
    const seen: string[] = [];
    let page = await d.snapshot({ eventId: e.id });
    seen.push(...page.attendees.map((a) => a.id));
    expect(page.next).not.toBeNull();
    page = await d.snapshot({ eventId: e.id, after: page.next });
    seen.push(...page.attendees.map((a) => a.id));
    expect(page.next).toBeNull();
    expect(seen.length).toBe(n);
    expect(new Set(seen)).toEqual(joined);
  });

  it('answers "unchanged" to a device that already holds the latest list, and the full list after any change', async () => {
    const { e, people } = await room(2);
    const d = await door(s.ada);
    const first = await d.snapshot({ eventId: e.id });
    expect(first).toMatchObject({ unchanged: false });
    expect(first.attendees).toHaveLength(2);
    const same = await d.snapshot({ eventId: e.id, known: first.seq });
    expect(same).toMatchObject({ unchanged: true, attendees: [], seq: first.seq });
    await (await s.ada.call()).registrations.checkIn({ id: people[0].id });
    const moved = await d.snapshot({ eventId: e.id, known: first.seq });
    expect(moved.unchanged).toBe(false);
    expect(moved.seq).toBeGreaterThan(first.seq);
    expect(moved.attendees.find((a) => a.id === people[0].id)?.checked_in_at).not.toBeNull();
  });

  it("is the owner's only: someone else's event reads like a missing one", async () => {
    const { e } = await room(1);
    await expect((await door(s.bob)).snapshot({ eventId: e.id })).rejects.toMatchObject({
      message: 'Event not found or access denied',
    });
    await expect(
      (await door(s.bob)).sync({ eventId: e.id, actions: [act(crypto.randomUUID(), 'check-in')] }),
    ).rejects.toMatchObject({
      message: 'Event not found or access denied',
    });
  });
});

describe('the door: queued actions', () => {
  it('applies check-ins made offline at the time they were made, once, however often they are sent', async () => {
    const { e, people } = await room(3);
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const madeAt = s.t.clock.now().toISOString();
    s.t.clock.advance(20 * 60_000); // the device was offline for 20 minutes
    const queue = people.map((p) => act(p.id, 'check-in', madeAt));
    const d = await door(s.ada);
    const first = await d.sync({ eventId: e.id, actions: queue });
    expect(first.results.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied']);
    expect(first.results.map((r) => r.attendee?.checked_in_at)).toEqual([madeAt, madeAt, madeAt]);
    // the answer was lost: the device sends the same queue again
    const again = await d.sync({ eventId: e.id, actions: queue });
    expect(again.results.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied']);
    const logged = (await changes(e.id)).filter((c) => c.kind === 'checked_in');
    expect(logged).toHaveLength(3);
    expect(published.filter((c) => c.kind === 'checked_in')).toHaveLength(3);
    const rows = await s.t.db.selectFrom('door_actions').select('id').execute();
    expect(rows).toHaveLength(3);
  });

  it('check-in, check-out and their undo in queue order, as the device did them', async () => {
    const { e, people } = await room(1);
    const id = people[0].id;
    const d = await door(s.ada);
    const r = await d.sync({
      eventId: e.id,
      actions: [act(id, 'check-in'), act(id, 'check-out'), act(id, 'undo-check-out'), act(id, 'check-out')],
    });
    expect(r.results.map((x) => x.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(r.results.at(-1)?.attendee).toMatchObject({ checked_out_at: expect.any(String) });
    const undo = await d.sync({ eventId: e.id, actions: [act(id, 'undo-check-out'), act(id, 'undo-check-in')] });
    expect(undo.results.at(-1)?.attendee).toMatchObject({ checked_in_at: null, checked_out_at: null });
  });

  it('shows conflicts instead of losing them: checked in at another door, removed meanwhile', async () => {
    const { e, people } = await room(2);
    const other = await (await s.ada.call()).registrations;
    const elsewhere = await other.checkIn({ id: people[0].id });
    await other.remove({ id: people[1].id });
    const d = await door(s.ada);
    const r = await d.sync({
      eventId: e.id,
      actions: [act(people[0].id, 'check-in'), act(people[1].id, 'check-in'), act(people[1].id, 'check-out')],
    });
    expect(r.results.map((x) => x.outcome)).toEqual(['unchanged', 'removed', 'removed']);
    // the attendee as the server has them, with the other door's time
    expect(r.results[0].attendee?.checked_in_at).toBe(elsewhere.checked_in_at);
    expect(r.results[1].attendee).toBeNull();
    // sent again, each answers the same
    const again = await d.sync({ eventId: e.id, actions: [act(people[0].id, 'check-out')] });
    expect(again.results[0].outcome).toBe('applied');
  });

  it('a device clock in the future or far in the past is not believed', async () => {
    const { e, people } = await room(2);
    const now = s.t.clock.now();
    const d = await door(s.ada);
    const r = await d.sync({
      eventId: e.id,
      actions: [
        act(people[0].id, 'check-in', new Date(now.getTime() + 3_600_000).toISOString()),
        act(people[1].id, 'check-in', new Date(now.getTime() - DOOR.MAX_BACKDATE_MS - 1).toISOString()),
      ],
    });
    expect(r.results.map((x) => x.attendee?.checked_in_at)).toEqual([now.toISOString(), now.toISOString()]);
  });

  it("an attendee of another of the organiser's events is not touched through this event", async () => {
    const { e } = await room(1);
    const { people: others } = await room(1);
    const r = await (await door(s.ada)).sync({ eventId: e.id, actions: [act(others[0].id, 'check-in')] });
    expect(r.results[0].outcome).toBe('removed');
    const row = await s.t.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('id', '=', others[0].id)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
  });

  it("after the event's erasure: every action answers erased, and the door's records are gone", async () => {
    const { e, people } = await room(1);
    const d = await door(s.ada);
    await d.sync({ eventId: e.id, actions: [act(people[0].id, 'check-in')] });
    await eraseEvent(s.t.deps, e.id);
    expect(await s.t.db.selectFrom('door_actions').select('id').execute()).toHaveLength(0);
    const r = await d.sync({ eventId: e.id, actions: [act(people[0].id, 'check-out')] });
    expect(r.results[0]).toMatchObject({ outcome: 'erased', attendee: null });
    const snap = await d.snapshot({ eventId: e.id });
    expect(snap).toMatchObject({ event: { erased: true }, attendees: [] });
  });

  it('refuses a malformed queue with the validation error, applying none of it', async () => {
    const { e, people } = await room(1);
    const d = await door(s.ada);
    const bad = { ...act(people[0].id, 'check-in'), kind: 'teleport' as DoorAction['kind'] };
    await expect(d.sync({ eventId: e.id, actions: [act(people[0].id, 'check-in'), bad] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const tooMany = Array.from({ length: DOOR.SYNC_BATCH + 1 }, () => act(people[0].id, 'check-in'));
    await expect(d.sync({ eventId: e.id, actions: tooMany })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const row = await s.t.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('id', '=', people[0].id)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
  });
});
