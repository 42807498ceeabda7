import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { addRegistrations, eventForm, giveMembership, makeUser, rejection } from '../../../tests/helpers/factory';
import { browser, makeTestDeps, T0 } from '../../../tests/helpers/test-deps';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
type U = Awaited<ReturnType<typeof makeUser>>;
let t: T;
let ada: U;
let bob: U;

beforeEach(async () => {
  t = await makeTestDeps();
  await makeUser(t, 'admin@example.com'); // the first account is the admin; the others are organisers
  ada = await makeUser(t, 'ada@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await giveMembership(t, ada.id, 'annual');
  await giveMembership(t, bob.id, 'annual');
});

const api = async (u: U) => (await u.call()).events;
/** Creates an event as if on `day` (so past events can exist), then returns to the fixed clock. */
async function createOn(u: U, day: string, o: Parameters<typeof eventForm>[0] = {}) {
  t.clock.set(`${day}T09:00:00.000Z`);
  const e = await (await api(u)).create(eventForm({ event_date: day, ...o }));
  t.clock.set(T0);
  return e;
}
describe('events.create and events.get (spec §7)', () => {
  it('stores the form and returns the full event, booleans as booleans and formats as a list', async () => {
    const form = eventForm({
      email_required: true,
      download_enabled: true,
      download_price: 500,
      sponsor_link_url: 'acme.example.com',
    });
    const created = await (await api(ada)).create(form);
    expect(created).toMatchObject({
      user_id: ada.id,
      name: 'Tech Night',
      event_date: '2026-11-27',
      email_required: true,
      phone_required: false,
      download_enabled: true,
      download_price: 500,
      download_formats: ['csv'],
      sponsor_link_url: 'https://acme.example.com',
      sponsor_text: 'This event is sponsored by: ',
      personal_data_deleted: false,
      attendee_count: 0,
      registration_count: 0,
      // spec §9: Friday 27 Nov 21:00 + two weekdays = Tuesday 1 Dec 21:00
      scheduled_deletion_date: '2026-12-01T21:00:00.000Z',
      created_at: T0,
      updated_at: T0,
      is_upcoming: true,
      cleanup_badge: M.events.badge.activeData,
    });
    expect(await (await api(ada)).get({ id: created.id })).toEqual(created);
  });

  it('refuses invalid forms with the spec messages joined', async () => {
    const bad = eventForm({
      name: '',
      start_time: '20:00',
      end_time: '19:00',
      download_enabled: true,
      download_formats: [],
    });
    expect(await rejection((await api(ada)).create(bad))).toEqual({
      code: 'BAD_REQUEST',
      message: [M.eventForm.nameInvalid, M.eventForm.endAfterStart, M.eventForm.formatRequired].join(', '),
    });
  });

  it('refuses a date in the past and accepts today (UTC)', async () => {
    expect(await rejection((await api(ada)).create(eventForm({ event_date: '2026-11-21' })))).toEqual({
      code: 'BAD_REQUEST',
      message: M.eventForm.datePast,
    });
    expect((await (await api(ada)).create(eventForm({ event_date: '2026-11-22' }))).is_upcoming).toBe(true);
  });

  it("refuses a paid price under Stripe's minimum charge (1p to 29p) and takes free or 30p", async () => {
    for (const price of [1, 29]) {
      expect(
        await rejection((await api(ada)).create(eventForm({ download_enabled: true, download_price: price }))),
      ).toEqual({ code: 'BAD_REQUEST', message: M.eventForm.priceBelowMinimum });
    }
    for (const price of [0, 30]) {
      const e = await (await api(ada)).create(eventForm({ download_enabled: true, download_price: price }));
      expect(e.download_price).toBe(price);
    }
  });

  it('counts registrations', async () => {
    const e = await (await api(ada)).create(eventForm());
    await addRegistrations(t, e.id, 3);
    expect((await (await api(ada)).get({ id: e.id })).registration_count).toBe(3);
  });
});

describe('events.update and events.remove', () => {
  it('updates every field and recomputes the cleanup date', async () => {
    const e = await (await api(ada)).create(eventForm());
    t.clock.advance(60_000);
    const u = await (await api(ada)).update({
      id: e.id,
      ...eventForm({ name: 'Renamed', event_date: '2026-12-04', end_time: '23:45', phone_required: true }),
    });
    expect(u).toMatchObject({
      name: 'Renamed',
      phone_required: true,
      scheduled_deletion_date: '2026-12-08T23:45:00.000Z',
    });
    expect(u.updated_at).not.toBe(u.created_at);
  });

  it('keeps a past date on edit but refuses moving to another past date', async () => {
    const e = await createOn(ada, '2026-11-10');
    expect(
      (await (await api(ada)).update({ id: e.id, ...eventForm({ event_date: '2026-11-10', venue: 'New Hall' }) }))
        .venue,
    ).toBe('New Hall');
    expect(await rejection((await api(ada)).update({ id: e.id, ...eventForm({ event_date: '2026-11-11' }) }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.eventForm.datePast,
    });
  });

  it('removes the registrations, then the event', async () => {
    const e = await (await api(ada)).create(eventForm());
    const other = await (await api(ada)).create(eventForm());
    await addRegistrations(t, e.id, 2);
    await addRegistrations(t, other.id, 1);
    expect(await (await api(ada)).remove({ id: e.id })).toEqual({ id: e.id, deletedRegistrations: 2 });
    expect(await rejection((await api(ada)).get({ id: e.id }))).toEqual({
      code: 'NOT_FOUND',
      message: M.events.notFoundOrDenied,
    });
    expect(await t.db.selectFrom('event_registrations').select('event_id').execute()).toEqual([{ event_id: other.id }]);
  });

  it('skips the registrations step when personal data is already deleted', async () => {
    const e = await (await api(ada)).create(eventForm());
    await t.db.updateTable('events').set({ personal_data_deleted: 1 }).where('id', '=', e.id).execute();
    expect(await (await api(ada)).remove({ id: e.id })).toEqual({ id: e.id, deletedRegistrations: 0 });
  });
});

describe('ownership (spec §6)', () => {
  it("user B cannot get, update or remove A's event; A's list and counts do not show B's", async () => {
    const a = await (await api(ada)).create(eventForm({ name: 'Ada Event' }));
    await (await api(bob)).create(eventForm({ name: 'Bob Event' }));
    const denied = { code: 'NOT_FOUND', message: 'Event not found or access denied' };
    expect(await rejection((await api(bob)).get({ id: a.id }))).toEqual(denied);
    expect(await rejection((await api(bob)).update({ id: a.id, ...eventForm({ name: 'Hijacked' }) }))).toEqual(denied);
    expect(await rejection((await api(bob)).remove({ id: a.id }))).toEqual(denied);
    expect((await (await api(ada)).get({ id: a.id })).name).toBe('Ada Event');
    const list = await (await api(ada)).list({ filter: 'all' });
    expect(list.events.map((e) => e.name)).toEqual(['Ada Event']);
    expect(await (await api(ada)).counts()).toEqual({ total: 1, upcoming: 1, hasDownloadsEnabled: false });
  });

  it('an unknown id is NOT_FOUND with the same message', async () => {
    expect(await rejection((await api(ada)).get({ id: crypto.randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: M.events.notFoundOrDenied,
    });
  });

  it('signed out: create says "Authentication required: ...", the rest "User not authenticated"', async () => {
    const anon = (await browser(t.deps).call()).events;
    const id = crypto.randomUUID();
    expect(await rejection(anon.create(eventForm()))).toEqual({
      code: 'UNAUTHORIZED',
      message: M.events.createAuthRequired,
    });
    for (const p of [
      anon.list({}),
      anon.counts(),
      anon.get({ id }),
      anon.update({ id, ...eventForm() }),
      anon.remove({ id }),
    ]) {
      expect(await rejection(p)).toEqual({ code: 'UNAUTHORIZED', message: M.auth.userNotAuthenticated });
    }
  });
});

describe('events.list (spec §2 /events, §4 upcoming vs past, §7)', () => {
  it('splits on today (UTC): today is upcoming, yesterday is past; upcoming date-asc, past date-desc', async () => {
    await createOn(ada, '2026-11-20', { name: 'Two days ago' });
    await createOn(ada, '2026-11-21', { name: 'Yesterday' });
    await createOn(ada, '2026-11-22', { name: 'Today', start_time: '08:00', end_time: '09:00' });
    await createOn(ada, '2026-12-05', { name: 'Later' });
    await createOn(ada, '2026-11-25', { name: 'Soon' });
    const names = async (filter: 'upcoming' | 'past' | 'all') =>
      (await (await api(ada)).list({ filter })).events.map((e) => e.name);
    expect(await names('upcoming')).toEqual(['Today', 'Soon', 'Later']);
    expect(await names('past')).toEqual(['Yesterday', 'Two days ago']);
    expect(await names('all')).toEqual(['Later', 'Soon', 'Today', 'Yesterday', 'Two days ago']);
    expect(await (await api(ada)).counts()).toEqual({ total: 5, upcoming: 3, hasDownloadsEnabled: false });
    // the next UTC day, "Today" becomes past
    t.clock.set('2026-11-23T00:00:00.000Z');
    expect(await names('past')).toEqual(['Today', 'Yesterday', 'Two days ago']);
  });

  it('sorts by name, newest and oldest', async () => {
    for (const name of ['beta', 'Alpha', 'gamma']) {
      await (await api(ada)).create(eventForm({ name }));
      t.clock.advance(1000);
    }
    const names = async (sort: 'name-asc' | 'name-desc' | 'newest' | 'oldest') =>
      (await (await api(ada)).list({ sort })).events.map((e) => e.name);
    expect(await names('name-asc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('name-desc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('newest')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(await names('oldest')).toEqual(['beta', 'Alpha', 'gamma']);
  });

  it('carries the registration count and the cleanup badge', async () => {
    const cleaned = await createOn(ada, '2026-11-02', { name: 'Cleaned' });
    await createOn(ada, '2026-11-20', { name: 'Soon cleaned' });
    const upcoming = await (await api(ada)).create(eventForm({ name: 'Upcoming' }));
    await t.db.updateTable('events').set({ personal_data_deleted: 1 }).where('id', '=', cleaned.id).execute();
    await addRegistrations(t, upcoming.id, 4);
    const list = await (await api(ada)).list({ sort: 'name-asc' });
    expect(list.events.map((e) => [e.name, e.cleanup_badge, e.registration_count])).toEqual([
      ['Cleaned', 'Data Cleaned', 0],
      ['Soon cleaned', 'Cleaning Soon', 0],
      ['Upcoming', 'Active Data', 4],
    ]);
  });

  it.each([
    [0, 1, 0, 0],
    [10, 1, 10, 1],
    [11, 2, 1, 2],
    [25, 3, 5, 3],
  ])('%i events: page %i holds %i, totalPages %i', async (n, page, onPage, totalPages) => {
    for (let i = 0; i < n; i++) {
      await (await api(ada)).create(eventForm({ name: `Event ${String(i).padStart(2, '0')}` }));
      t.clock.advance(1000);
    }
    const res = await (await api(ada)).list({ filter: 'upcoming', page, sort: 'oldest' });
    expect(res.totalCount).toBe(n);
    expect(res.pagination).toEqual({ page, limit: 10, total: n, totalPages });
    expect(res.events).toHaveLength(onPage);
    if (n > 0) expect(res.events[0].name).toBe(`Event ${String((page - 1) * 10).padStart(2, '0')}`);
    if (n === 25) {
      const first = await (await api(ada)).list({ filter: 'upcoming', page: 1, sort: 'oldest' });
      expect(first.events.map((e) => e.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Event 0${i}`));
      expect((await (await api(ada)).list({ page: 4 })).events).toEqual([]);
    }
  });
});
