import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { adminAndTwoOrganisers, eventForm, type makeUser, rejection } from '../../../tests/helpers/factory';
import { addPaidDownload, addPurchase } from '../../../tests/helpers/revenue-rows';
import { browser, makeTestDeps } from '../../../tests/helpers/test-deps';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
type U = Awaited<ReturnType<typeof makeUser>>;
let t: T;
let admin: U;
let ada: U;
let bob: U;
let adaEvent: { id: string };
let adaOther: { id: string };
let bobEvent: { id: string };

const DAY1 = '2026-11-20T10:00:00.000Z';
const DAY2 = '2026-11-21T10:00:00.000Z';
const DAY3 = '2026-11-22T10:00:00.000Z';

beforeEach(async () => {
  t = await makeTestDeps();
  ({ admin, ada, bob } = await adminAndTwoOrganisers(t));
  const paid = { download_enabled: true, download_price: 999 };
  adaEvent = await (await ada.call()).events.create(eventForm({ name: 'Ada Night', ...paid }));
  adaOther = await (await ada.call()).events.create(eventForm({ name: 'Ada Day', ...paid }));
  bobEvent = await (await bob.call()).events.create(eventForm({ name: 'Bob Night', ...paid }));
});

const revenue = async (u: U) => (await u.call()).revenue;

describe('revenue.summary (spec §3 derived revenue summary, §6 own revenue only)', () => {
  it('is all zeros with no downloads sold, and the last payout is always empty', async () => {
    expect(await (await revenue(ada)).summary()).toEqual({
      pending_earnings: 0,
      total_earnings: 0,
      last_payout_date: null,
      events_with_revenue: 0,
      // both of Ada's events sell downloads, though nothing is sold yet
      events_with_downloads: 2,
      events: [],
    });
  });

  it("sums the organiser's shares of own events only, newest download first", async () => {
    await addPaidDownload(t.db, adaEvent.id, 999, DAY1);
    await addPaidDownload(t.db, adaEvent.id, 999, DAY2);
    await addPaidDownload(t.db, adaOther.id, 1000, DAY3);
    await addPaidDownload(t.db, bobEvent.id, 5000, DAY3);

    // spec §9 50%: each £9.99 gives the organiser 499p (rounded down, the platform keeps the odd penny)
    expect(await (await revenue(ada)).summary()).toEqual({
      pending_earnings: 499 + 499 + 500,
      total_earnings: 499 + 499 + 500,
      last_payout_date: null,
      events_with_revenue: 2,
      events_with_downloads: 2,
      events: [
        {
          event_id: adaOther.id,
          event_name: 'Ada Day',
          total_revenue: 1000,
          organizer_share: 500,
          download_count: 1,
          last_download: DAY3,
        },
        {
          event_id: adaEvent.id,
          event_name: 'Ada Night',
          total_revenue: 1998,
          organizer_share: 998,
          download_count: 2,
          last_download: DAY2,
        },
      ],
    });
    const bobs = await (await revenue(bob)).summary();
    expect(bobs.total_earnings).toBe(2500);
    expect(bobs.events.map((e) => e.event_id)).toEqual([bobEvent.id]);
  });

  it('spec §7 revenue fallback: with no revenue rows, earnings come from purchases at 50% each', async () => {
    await addPurchase(t.db, adaEvent.id, 999, DAY1);
    await addPurchase(t.db, adaEvent.id, 999, DAY2);
    await addPurchase(t.db, bobEvent.id, 333, DAY1);

    const s = await (await revenue(ada)).summary();
    expect(s).toMatchObject({ pending_earnings: 998, total_earnings: 998, events_with_revenue: 1 });
    expect(s.events).toEqual([
      {
        event_id: adaEvent.id,
        event_name: 'Ada Night',
        total_revenue: 1998,
        organizer_share: 998,
        download_count: 2,
        last_download: DAY2,
      },
    ]);
    expect((await (await revenue(bob)).summary()).total_earnings).toBe(166);
  });

  it('keeps the earnings of an event the organiser deleted, as "Unknown Event"', async () => {
    await addPaidDownload(t.db, adaEvent.id, 1000, DAY1);
    await (await ada.call()).events.remove({ id: adaEvent.id });
    const summary = await (await revenue(ada)).summary();
    expect(summary.events).toMatchObject([
      { event_id: adaEvent.id, event_name: 'Unknown Event', organizer_share: 500 },
    ]);
    expect(summary.pending_earnings).toBe(500);
    expect((await (await revenue(bob)).summary()).events).toEqual([]);
  });

  it('refuses a signed-out caller', async () => {
    const anon = await browser(t.deps).call();
    expect(await rejection(anon.revenue.summary())).toEqual({
      code: 'UNAUTHORIZED',
      message: M.auth.userNotAuthenticated,
    });
  });
});

describe('revenue.forEvent (spec §3 download revenue summary, event detail)', () => {
  it("gives the owner the event's share, total, count and last download", async () => {
    await addPaidDownload(t.db, adaEvent.id, 999, DAY1);
    await addPaidDownload(t.db, adaEvent.id, 1001, DAY2);
    expect(await (await revenue(ada)).forEvent({ eventId: adaEvent.id })).toEqual({
      organizer_share: 499 + 500,
      total_revenue: 2000,
      download_count: 2,
      last_download: DAY2,
    });
  });

  it('is null when the event has sold nothing', async () => {
    expect(await (await revenue(ada)).forEvent({ eventId: adaEvent.id })).toBeNull();
  });

  it('falls back to the purchases when the event has no revenue row', async () => {
    await addPurchase(t.db, adaEvent.id, 1001, DAY1);
    expect(await (await revenue(ada)).forEvent({ eventId: adaEvent.id })).toEqual({
      organizer_share: 500,
      total_revenue: 1001,
      download_count: 1,
      last_download: DAY1,
    });
  });

  it("refuses another organiser's event exactly as a missing one", async () => {
    await addPaidDownload(t.db, adaEvent.id, 999, DAY1);
    const refused = { code: 'NOT_FOUND', message: M.events.notFoundOrDenied };
    expect(await rejection((await revenue(bob)).forEvent({ eventId: adaEvent.id }))).toEqual(refused);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await rejection((await revenue(bob)).forEvent({ eventId: missing }))).toEqual(refused);
  });

  it('lets an administrator read any event', async () => {
    await addPaidDownload(t.db, bobEvent.id, 999, DAY1);
    expect(await (await revenue(admin)).forEvent({ eventId: bobEvent.id })).toMatchObject({ total_revenue: 999 });
  });
});
