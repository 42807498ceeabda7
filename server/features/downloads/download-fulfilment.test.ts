import { beforeEach, describe, expect, it } from 'vitest';
import { eventForm, giveMembership, makeUser } from '../../../tests/helpers/factory';
import { makeTestDeps } from '../../../tests/helpers/test-deps';
import type { PaymentSession } from '../payments/gateway';
import { fulfilDownload } from './download-fulfilment';

// spec §3 download_purchases / download_revenue, issue 9 items 4 and 6: a paid download is recorded once
// per checkout session, purchase and revenue together, split 50/50 to the penny (the organiser's half
// rounded down, the platform keeps the odd penny). Real migrations on an in-memory SQLite, fixed clock.

let t: Awaited<ReturnType<typeof makeTestDeps>>;
beforeEach(async () => {
  t = await makeTestDeps();
});

const eventId = '6f1d8a52-7d2b-4c61-9a51-3b0f3e2a9c11';
const session = (id: string, amountPence: number, o: Partial<PaymentSession> = {}): PaymentSession => ({
  id,
  paid: true,
  amountPence,
  currency: 'gbp',
  purpose: 'download',
  metadata: { eventId, format: 'csv', registrationId: '0b7c0f7e-0d7e-4d8f-8a0c-6c1d0c6b7a10' },
  ...o,
});
const purchases = () => t.db.selectFrom('download_purchases').selectAll().execute();
const revenue = () => t.db.selectFrom('download_revenue').selectAll().execute();

describe('fulfilDownload: once per session', () => {
  it('a repeat (webhook after the success page, a replay) records nothing more', async () => {
    expect(await fulfilDownload(t.deps, session('cs_1', 1000))).toEqual({ fulfilled: true, alreadyFulfilled: false });
    expect(await fulfilDownload(t.deps, session('cs_1', 1000))).toEqual({ fulfilled: true, alreadyFulfilled: true });
    expect(await purchases()).toEqual([
      expect.objectContaining({
        event_id: eventId,
        registration_id: '0b7c0f7e-0d7e-4d8f-8a0c-6c1d0c6b7a10',
        format: 'csv',
        amount_paid: 1000,
        payment_session_id: 'cs_1',
        created_at: '2026-11-22T12:00:00.000Z',
      }),
    ]);
    expect(await revenue()).toEqual([
      expect.objectContaining({
        event_id: eventId,
        total_revenue: 1000,
        organizer_share: 500,
        witr_share: 500,
        download_count: 1,
        last_download: '2026-11-22T12:00:00.000Z',
        payout_status: 'pending',
      }),
    ]);
  });

  it('the success page and the webhook at the same moment count it once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => fulfilDownload(t.deps, session('cs_race', 999))));
    expect(results.filter((r) => !r.alreadyFulfilled)).toHaveLength(1);
    expect(await purchases()).toHaveLength(1);
    expect(await revenue()).toEqual([expect.objectContaining({ total_revenue: 999, download_count: 1 })]);
  });

  it('an unpaid session, another purpose or missing metadata records nothing', async () => {
    const none = { fulfilled: false, alreadyFulfilled: false };
    expect(await fulfilDownload(t.deps, session('cs_a', 500, { paid: false }))).toEqual(none);
    expect(await fulfilDownload(t.deps, session('cs_b', 500, { metadata: { format: 'csv' } }))).toEqual(none);
    expect(await fulfilDownload(t.deps, session('cs_c', 500, { metadata: { eventId, format: 'xls' } }))).toEqual(none);
    expect(await purchases()).toEqual([]);
    expect(await revenue()).toEqual([]);
  });
});

describe('revenue split to the penny (shared/money splitRevenue, REVENUE.ORGANISER_SHARE_PERCENT = 50)', () => {
  it.each([
    [999, 499, 500],
    [1, 0, 1],
    [1000, 500, 500],
    [1001, 500, 501],
  ])('%i pence → organiser %i, platform %i', async (amount, organiser, platform) => {
    await fulfilDownload(t.deps, session(`cs_${amount}`, amount));
    expect(await revenue()).toEqual([
      expect.objectContaining({ total_revenue: amount, organizer_share: organiser, witr_share: platform }),
    ]);
  });

  it('adds per purchase: 999 + 999 + 1 → total 1999, organiser 998, platform 1001, shares always sum up', async () => {
    await fulfilDownload(t.deps, session('cs_x', 999));
    t.clock.advance(60_000);
    await fulfilDownload(t.deps, session('cs_y', 999));
    t.clock.advance(60_000);
    await fulfilDownload(t.deps, session('cs_z', 1));
    const [row] = await revenue();
    expect(row).toMatchObject({
      total_revenue: 1999,
      organizer_share: 998,
      witr_share: 1001,
      download_count: 3,
      last_download: '2026-11-22T12:02:00.000Z',
      created_at: '2026-11-22T12:00:00.000Z',
    });
    expect(row.organizer_share + row.witr_share).toBe(row.total_revenue);
  });
});

describe('fulfilDownload: the organiser keeps their earnings', () => {
  it("records the event's organiser, so deleting the event does not take their share away", async () => {
    await makeUser(t, 'admin@example.com');
    const ada = await makeUser(t, 'ada@example.com');
    await giveMembership(t, ada.id, 'annual');
    const event = await (await ada.call()).events.create(eventForm({ download_enabled: true, download_price: 999 }));
    await fulfilDownload(t.deps, session('cs_owned', 999, { metadata: { eventId: event.id, format: 'csv' } }));
    expect(await purchases()).toEqual([expect.objectContaining({ organizer_id: ada.id })]);
    await (await ada.call()).events.remove({ id: event.id });
    const summary = await (await ada.call()).revenue.summary();
    expect(summary).toMatchObject({ pending_earnings: 499, events_with_revenue: 1 });
    expect(summary.events).toMatchObject([{ event_name: 'Unknown Event', total_revenue: 999 }]);
  });
});
