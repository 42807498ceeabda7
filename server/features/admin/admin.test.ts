import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import {
  addRegistrations,
  adminAndTwoOrganisers,
  eventForm,
  giveMembership,
  type makeUser,
  rejection,
} from '../../../tests/helpers/factory';
import { addPageView, addPaidDownload, addPurchase } from '../../../tests/helpers/revenue-rows';
import { makeTestDeps, T0 } from '../../../tests/helpers/test-deps';
import { eraseInTransaction } from '../gdpr/erase';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
type U = Awaited<ReturnType<typeof makeUser>>;
let t: T;
let admin: U;
let ada: U;
let bob: U;

const DAY1 = '2026-11-20T10:00:00.000Z';
const DAY2 = '2026-11-21T10:00:00.000Z';

beforeEach(async () => {
  t = await makeTestDeps();
  ({ admin, ada, bob } = await adminAndTwoOrganisers(t));
});

const adminApi = async (u: U) => (await u.call()).admin;
const create = async (u: U, o: Parameters<typeof eventForm>[0] = {}) => (await u.call()).events.create(eventForm(o));

describe('admin procedures check the role on the server (spec §6 administrator)', () => {
  it('refuse an organiser with FORBIDDEN and the spec text', async () => {
    const refused = { code: 'FORBIDDEN', message: M.guards.adminOnly };
    expect(await rejection((await adminApi(ada)).overview())).toEqual(refused);
    expect(await rejection((await adminApi(ada)).revenueByEvent())).toEqual(refused);
    expect(await rejection((await adminApi(ada)).pageViews())).toEqual(refused);
  });

  it('answer the administrator', async () => {
    await expect((await adminApi(admin)).overview()).resolves.toMatchObject({ platform: { totalUsers: 3 } });
    await expect((await adminApi(admin)).revenueByEvent()).resolves.toEqual([]);
    await expect((await adminApi(admin)).pageViews()).resolves.toMatchObject({ topPages: [] });
  });
});

describe('admin.overview (spec §2 Platform Overview, Revenue Analytics; §7 admin counts)', () => {
  it('counts events, users, attendees and active memberships', async () => {
    const a = await create(ada, { download_enabled: true, download_price: 500 });
    await create(ada);
    const b = await create(bob, { download_enabled: true, download_price: 0 });
    await addRegistrations(t, a.id, 3);
    await addRegistrations(t, b.id, 2);
    // erasure deletes the registration rows and keeps attendee_count: the total does not shrink
    await t.db.transaction().execute((trx) => eraseInTransaction(trx, a.id, T0));

    // admin: two unspent event credits (one user) and a spent one; ada and bob annual; an expired annual
    await giveMembership(t, admin.id, 'one_time');
    await giveMembership(t, admin.id, 'one_time');
    await giveMembership(t, bob.id, 'one_time', { active: false });
    await giveMembership(t, admin.id, 'annual', { expiresAt: '2026-11-22T11:59:59.999Z' });

    const o = await (await adminApi(admin)).overview();
    expect(o.platform).toEqual({
      totalEvents: 3,
      eventsWithDownloads: 2,
      totalUsers: 3,
      totalAttendees: 5,
      totalMemberships: 6,
      payAsYouGoUsers: 1,
      annualSubscribers: 2,
    });
    expect(o.revenue).toEqual({
      totalRevenue: 0,
      platformShare: 0,
      platformSharePercent: 50,
      organiserShare: 0,
      totalDownloads: 0,
      eventsWithRevenue: 0,
      activeEvents: 2,
    });
  });

  it('sums revenue, the platform share (with the odd pennies) and downloads across events', async () => {
    const a = await create(ada, { download_enabled: true, download_price: 999 });
    const b = await create(bob, { download_enabled: true, download_price: 1001 });
    await addPaidDownload(t.db, a.id, 999, DAY1);
    await addPaidDownload(t.db, a.id, 999, DAY2);
    await addPaidDownload(t.db, b.id, 1001, DAY2);
    expect((await (await adminApi(admin)).overview()).revenue).toEqual({
      totalRevenue: 2999,
      platformShare: 500 + 500 + 501,
      platformSharePercent: 50,
      organiserShare: 499 + 499 + 500,
      totalDownloads: 3,
      eventsWithRevenue: 2,
      activeEvents: 2,
    });
  });

  it('spec §7 revenue fallback: computes the figures from purchases when there are no revenue rows', async () => {
    const a = await create(ada, { download_enabled: true, download_price: 999 });
    await addPurchase(t.db, a.id, 999, DAY1);
    await addPurchase(t.db, a.id, 1001, DAY2);
    expect((await (await adminApi(admin)).overview()).revenue).toMatchObject({
      totalRevenue: 2000,
      organiserShare: 999,
      platformShare: 1001,
      totalDownloads: 2,
      eventsWithRevenue: 1,
    });
  });
});

describe('admin.revenueByEvent (spec §2 Revenue by Event)', () => {
  it('lists every event newest download first, "Unknown Event" once the event is deleted', async () => {
    const a = await create(ada, { name: 'Ada Night', download_enabled: true, download_price: 999 });
    const b = await create(bob, { name: 'Bob Night', download_enabled: true, download_price: 500 });
    await addPaidDownload(t.db, a.id, 999, DAY1);
    await addPaidDownload(t.db, b.id, 500, DAY2);
    await (await ada.call()).events.remove({ id: a.id });

    expect(await (await adminApi(admin)).revenueByEvent()).toEqual([
      {
        event_id: b.id,
        event_name: 'Bob Night',
        download_count: 1,
        last_download: DAY2,
        total_revenue: 500,
        platform_share: 250,
        organizer_share: 250,
      },
      {
        event_id: a.id,
        event_name: M.events.unknownEvent,
        download_count: 1,
        last_download: DAY1,
        total_revenue: 999,
        platform_share: 500,
        organizer_share: 499,
      },
    ]);
  });

  it('gives a null last download (shown "Never") and falls back to purchases with no revenue rows', async () => {
    const a = await create(ada, { name: 'Ada Night', download_enabled: true, download_price: 999 });
    await addPurchase(t.db, a.id, 999, DAY1);
    expect(await (await adminApi(admin)).revenueByEvent()).toEqual([
      expect.objectContaining({
        event_name: 'Ada Night',
        total_revenue: 999,
        organizer_share: 499,
        platform_share: 500,
      }),
    ]);
    await t.db
      .insertInto('download_revenue')
      .values({
        event_id: a.id,
        total_revenue: 0,
        organizer_share: 0,
        witr_share: 0,
        download_count: 0,
        last_download: null,
        payout_status: 'pending',
        created_at: T0,
        updated_at: T0,
      })
      .execute();
    expect(await (await adminApi(admin)).revenueByEvent()).toEqual([
      expect.objectContaining({ event_name: 'Ada Night', last_download: null, download_count: 0, total_revenue: 0 }),
    ]);
  });
});

describe('admin.pageViews (last 30 UTC days on the injected clock, top pages)', () => {
  it('gives every day of the window, zero-filled, and leaves out views just outside it', async () => {
    // T0 is 2026-11-22T12:00Z: the window is 2026-10-24 (00:00Z) to the end of 2026-11-22
    await addPageView(t.db, '/old', '2026-10-23T23:59:59.999Z');
    await addPageView(t.db, '/events', '2026-10-24T00:00:00.000Z');
    await addPageView(t.db, '/events', '2026-11-01T08:00:00.000Z');
    await addPageView(t.db, '/', '2026-11-01T23:59:59.999Z');
    await addPageView(t.db, '/', '2026-11-22T11:59:00.000Z');
    await addPageView(t.db, '/future', '2026-11-23T00:00:00.000Z');

    const { days } = await (await adminApi(admin)).pageViews();
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-10-24', views: 1 });
    expect(days[29]).toEqual({ date: '2026-11-22', views: 1 });
    expect(days.find((d) => d.date === '2026-11-01')).toEqual({ date: '2026-11-01', views: 2 });
    expect(days.reduce((n, d) => n + d.views, 0)).toBe(4);
    expect(days.filter((d) => d.views === 0)).toHaveLength(27);

    // the window follows the clock: a day later the oldest view has left it
    t.clock.set('2026-11-23T00:00:00.000Z');
    const next = (await (await adminApi(admin)).pageViews()).days;
    expect(next[0]).toEqual({ date: '2026-10-25', views: 0 });
    expect(next[29]).toEqual({ date: '2026-11-23', views: 1 });
  });

  it('ranks the ten most viewed paths of the window, ties by path', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const counts: [string, number][] = [
      ['/b', 2],
      ['/a', 2],
      ['/top', 5],
      ...Array.from({ length: 9 }, (_, i): [string, number] => [`/p${i}`, 1]),
    ];
    for (const [path, n] of counts) {
      for (let i = 0; i < n; i++) await addPageView(t.db, path, at);
    }
    for (let i = 0; i < 9; i++) await addPageView(t.db, '/outside', '2026-10-01T10:00:00.000Z');

    const { topPages } = await (await adminApi(admin)).pageViews();
    expect(topPages).toHaveLength(10);
    expect(topPages.slice(0, 4)).toEqual([
      { path: '/top', label: '/top', views: 5 },
      { path: '/a', label: '/a', views: 2 },
      { path: '/b', label: '/b', views: 2 },
      { path: '/p0', label: '/p0', views: 1 },
    ]);
    expect(topPages.map((p) => p.path)).not.toContain('/outside');
  });

  it("names an event's pages by what they are and the event's name, not its id", async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const event = await (await ada.call()).events.create(eventForm({ name: 'Leeds Tech Social' }));
    const gone = crypto.randomUUID();
    for (const path of [`/event-list/${event.id}`, `/register/${event.id}`, `/event-display/${gone}`]) {
      await addPageView(t.db, path, at);
    }
    await addPageView(t.db, `/register/${event.id}/edit/${crypto.randomUUID()}`, at);
    const { topPages } = await (await adminApi(admin)).pageViews();
    expect(Object.fromEntries(topPages.map((p) => [p.path, p.label]))).toEqual({
      [`/event-list/${event.id}`]: 'Attendee list · Leeds Tech Social',
      [`/register/${event.id}`]: 'Join page · Leeds Tech Social',
      [`/event-display/${gone}`]: `Live display · ${M.events.unknownEvent}`,
      [topPages.find((p) => p.path.includes('/edit/'))?.path ?? '']: 'Join page (edit) · Leeds Tech Social',
    });
  });
});
