import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { eventForm, giveMembership, makeUser, rejection } from '../../../tests/helpers/factory';
import { startTestServer } from '../../../tests/helpers/server';
import { browser, makeTestDeps } from '../../../tests/helpers/test-deps';
import { applyDefaultZone } from '../gdpr/default-zone';
import { eraseDue } from '../gdpr/erase';

// The event's own time (README "Configuration": TIME_ZONE): its date and times are on the clocks of its
// IANA zone, and so is its erasure, two working days after the end at the end time of day.

type T = Awaited<ReturnType<typeof makeTestDeps>>;

async function organiser(t: T) {
  await makeUser(t, 'admin@example.com');
  const ada = await makeUser(t, 'ada@example.com');
  await giveMembership(t, ada.id, 'annual');
  return { events: async () => (await ada.call()).events, ada };
}
const publicEvent = async (t: T, eventId: string) => (await browser(t.deps).call()).registrations.event({ eventId });

// Friday 9 July 2027, 18:00-21:00: in London that is BST (UTC+1)
const summer = { event_date: '2027-07-09', start_time: '18:00', end_time: '21:00' };

describe("an event's time zone", () => {
  it('is stored from the form; the erasure is the end time of day on its clocks (London summer: 20:00 UTC, not 21:00)', async () => {
    const t = await makeTestDeps();
    const { events } = await organiser(t);
    const e = await (await events()).create(eventForm({ ...summer, time_zone: 'Europe/London' }));
    expect(e.time_zone).toBe('Europe/London');
    expect(e.scheduled_deletion_date).toBe('2027-07-13T20:00:00.000Z');
    expect(await publicEvent(t, e.id)).toMatchObject({ time_zone: 'Europe/London', end_time: '21:00' });

    // the erasure job takes it at 21:00 BST on Tuesday, not an hour later
    t.clock.set('2027-07-13T19:59:59.000Z');
    expect((await eraseDue(t.deps)).processed_events).toBe(0);
    t.clock.set('2027-07-13T20:00:00.000Z');
    expect((await eraseDue(t.deps)).processed_events).toBe(1);
    expect((await publicEvent(t, e.id)).personal_data_deleted).toBe(true);
  });

  it('east of UTC, weekends are the zone’s own: a Saturday morning in Tokyo is erased on Tuesday there', async () => {
    const t = await makeTestDeps();
    const { events } = await organiser(t);
    // Saturday 27 November 2027 08:00-10:00 JST is Friday evening in UTC
    const e = await (await events()).create(
      eventForm({ event_date: '2027-11-27', start_time: '08:00', end_time: '10:00', time_zone: 'Asia/Tokyo' }),
    );
    expect(e.scheduled_deletion_date).toBe('2027-11-30T01:00:00.000Z'); // Tuesday 30 November 10:00 JST
  });

  it('is editable: a new zone moves the erasure; an edit that does not send one keeps it', async () => {
    const t = await makeTestDeps();
    const { events } = await organiser(t);
    const e = await (await events()).create(eventForm({ ...summer, time_zone: 'Europe/London' }));
    const moved = await (await events()).update({
      id: e.id,
      ...eventForm({ ...summer, time_zone: 'Australia/Sydney' }),
    });
    // Tuesday 13 July 21:00 AEST (UTC+10)
    expect(moved).toMatchObject({ time_zone: 'Australia/Sydney', scheduled_deletion_date: '2027-07-13T11:00:00.000Z' });
    const kept = await (await events()).update({ id: e.id, ...eventForm({ ...summer, name: 'Renamed' }) });
    expect(kept).toMatchObject({ name: 'Renamed', time_zone: 'Australia/Sydney' });
    expect((await (await events()).get({ id: e.id })).time_zone).toBe('Australia/Sydney');
  });

  it('refuses a zone that is not an IANA zone, with a clear message', async () => {
    const t = await makeTestDeps();
    const { events } = await organiser(t);
    for (const time_zone of ['Mars/Olympus_Mons', '+01:00', 'London', '']) {
      expect(await rejection((await events()).create(eventForm({ ...summer, time_zone })))).toEqual({
        code: 'BAD_REQUEST',
        message: M.timeZone.invalid,
      });
    }
    const e = await (await events()).create(eventForm({ ...summer, time_zone: 'Europe/London' }));
    expect(
      await rejection((await events()).update({ id: e.id, ...eventForm({ ...summer, time_zone: 'Europe/Lundon' }) })),
    ).toEqual({ code: 'BAD_REQUEST', message: M.timeZone.invalid });
    expect((await (await events()).get({ id: e.id })).time_zone).toBe('Europe/London');
  });

  it('not sent on create (an API client), it is the server’s TIME_ZONE', async () => {
    const t = await makeTestDeps({ TIME_ZONE: 'Europe/London' });
    const { events } = await organiser(t);
    const e = await (await events()).create(eventForm(summer));
    expect(e).toMatchObject({ time_zone: 'Europe/London', scheduled_deletion_date: '2027-07-13T20:00:00.000Z' });
  });
});

describe('events stored without a zone (made before zones were stored) follow TIME_ZONE', () => {
  /** An event as it was before: no zone, its cleanup date reckoned in UTC. */
  async function zonelessEvent(t: T, events: Awaited<ReturnType<typeof organiser>>['events']) {
    const e = await (await events()).create(eventForm({ ...summer, time_zone: 'UTC' }));
    await t.db.updateTable('events').set({ time_zone: null }).where('id', '=', e.id).execute();
    expect(e.scheduled_deletion_date).toBe('2027-07-13T21:00:00.000Z');
    return e;
  }

  it('show the default zone; at start their erasure date is reckoned again in it, once', async () => {
    const before = await makeTestDeps();
    const { events } = await organiser(before);
    const old = await zonelessEvent(before, events);
    const zoned = await (await events()).create(eventForm({ ...summer, time_zone: 'Asia/Tokyo' }));
    const erased = await zonelessEvent(before, events);
    await before.db.updateTable('events').set({ personal_data_deleted: 1 }).where('id', '=', erased.id).execute();

    // the same database, started with TIME_ZONE=Europe/London
    const t = { ...before, deps: { ...before.deps, config: { ...before.deps.config, timeZone: 'Europe/London' } } };
    expect(await applyDefaultZone(t.deps)).toBe(1);
    const row = (id: string) =>
      t.db
        .selectFrom('events')
        .select(['time_zone', 'scheduled_deletion_date'])
        .where('id', '=', id)
        .executeTakeFirst();
    // still no zone of its own (a later TIME_ZONE applies again), its erasure at 21:00 BST
    expect(await row(old.id)).toEqual({ time_zone: null, scheduled_deletion_date: '2027-07-13T20:00:00.000Z' });
    expect((await row(zoned.id))?.scheduled_deletion_date).toBe(zoned.scheduled_deletion_date);
    expect((await row(erased.id))?.scheduled_deletion_date).toBe('2027-07-13T21:00:00.000Z');
    expect(await applyDefaultZone(t.deps)).toBe(0); // nothing left to change

    expect((await publicEvent(t, old.id)).time_zone).toBe('Europe/London');
  });

  it('a server start applies its TIME_ZONE to them before its jobs run', async () => {
    const t = await makeTestDeps();
    const { events } = await organiser(t);
    const old = await zonelessEvent(t, events);
    const server = await startTestServer({ env: { TIME_ZONE: 'Europe/London' }, overrides: { db: t.db } });
    try {
      const row = await t.db
        .selectFrom('events')
        .select('scheduled_deletion_date')
        .where('id', '=', old.id)
        .executeTakeFirstOrThrow();
      expect(row.scheduled_deletion_date).toBe('2027-07-13T20:00:00.000Z');
      expect((await server.client().trpc.registrations.event.query({ eventId: old.id })).time_zone).toBe(
        'Europe/London',
      );
    } finally {
      await server.stop();
    }
  });

  it("the organiser's event, the public event and the door carry the default zone", async () => {
    const t = await makeTestDeps({ TIME_ZONE: 'Europe/London' });
    const { events, ada } = await organiser(t);
    const e = await zonelessEvent(t, events);
    await applyDefaultZone(t.deps);
    expect(await (await events()).get({ id: e.id })).toMatchObject({
      time_zone: 'Europe/London',
      scheduled_deletion_date: '2027-07-13T20:00:00.000Z',
    });
    expect((await publicEvent(t, e.id)).time_zone).toBe('Europe/London');
    const snapshot = await (await ada.call()).door.snapshot({ eventId: e.id });
    expect(snapshot.event).toMatchObject({ time_zone: 'Europe/London', erases_at: '2027-07-13T20:00:00.000Z' });
  });
});
