import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, PHONE, snap, visible } from '../helpers/browser';
import { browserCookies, signInBrowser } from '../helpers/events-browser';
import { addPageView, addPaidDownload } from '../helpers/revenue-rows';

// issue 9 items 4 and 5: the organiser's Revenue cards and the administrator's dashboard, in Chromium.

const harness = browserHarness();
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number, hour = 10) => {
  const d = new Date(Date.now() - n * DAY_MS);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/** Scripts the page downloads while `run` goes on, as text. */
async function scripts(page: Page, run: () => Promise<void>) {
  const bodies: Promise<string>[] = [];
  const on = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() === 'script') bodies.push(res.text());
  };
  page.on('response', on);
  await run();
  page.off('response', on);
  return Promise.all(bodies);
}

const CHARTS_MARKER = 'recharts-surface'; // a class name only recharts' code writes

describe('admin dashboard in the browser', () => {
  test('empty, then with revenue, a deleted event and page views; charts load only here', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: DESKTOP });
    await signInBrowser(server, context, 'admin@example.com'); // the first account is the admin

    // The dashboard (no download-enabled event) shows no Revenue card and loads no chart code.
    const dashboardScripts = await scripts(page, async () => {
      await page.goto('/');
      await visible(page.getByText(M.events.totalEvents));
    });
    expect(dashboardScripts.some((s) => s.includes(CHARTS_MARKER))).toBe(false);
    expect(await page.getByRole('region', { name: M.revenue.cardTitle }).count()).toBe(0);

    const adminScripts = await scripts(page, async () => {
      await page.goto('/admin');
      await visible(page.getByText(M.admin.noRevenue));
    });
    expect(adminScripts.some((s) => s.includes(CHARTS_MARKER))).toBe(true);
    await visible(page.locator('.recharts-surface').first());
    await snap(page, 'issue9-admin-empty-desktop');
    await atPhoneSize(page, page.getByText(M.admin.noRevenue));
    await snap(page, 'issue9-admin-empty-phone');

    // Data: two organisers' paid downloads, one event deleted afterwards, page views over the month.
    const { api, event } = await organiserEvent(server, {
      name: 'Summer Meetup',
      download_enabled: true,
      download_price: 999,
    });
    const other = await api.trpc.events.create.mutate({ ...eventFields(event), name: 'Autumn Social' });
    await addPaidDownload(server.deps.db, event.id, 999, daysAgo(3));
    await addPaidDownload(server.deps.db, event.id, 999, daysAgo(1));
    await addPaidDownload(server.deps.db, other.id, 1500, daysAgo(5));
    await api.trpc.events.remove.mutate({ id: other.id });
    const paths = ['/', '/events', `/event-list/${event.id}`, `/register/${event.id}`, '/admin'];
    for (let d = 0; d < 30; d += 1) {
      for (let i = 0; i < ((d * 7) % 11) + 1; i += 1)
        await addPageView(server.deps.db, paths[(d + i) % 5], daysAgo(d, 9));
    }

    await page.setViewportSize(DESKTOP);
    await page.reload();
    await visible(page.getByRole('cell', { name: M.events.unknownEvent }));
    await visible(page.getByRole('cell', { name: 'Summer Meetup' }));
    await visible(page.getByText('£34.98')); // total revenue: 999 + 999 + 1500 pence
    await visible(page.getByText(M.admin.platformShare(50)));
    await visible(page.getByText(M.admin.acrossEvents(2)));
    await snap(page, 'issue9-admin-data-desktop');
    await atPhoneSize(page, page.locator('.recharts-surface').first());
    // On a phone each event's figures are in view: total, platform share and organiser share
    const revenue = page.getByRole('region', { name: M.admin.revenueByEvent });
    await visible(revenue.getByRole('listitem').filter({ hasText: M.events.unknownEvent }));
    const summer = revenue.getByRole('listitem').filter({ hasText: 'Summer Meetup' });
    for (const figure of [M.admin.columns.total, M.admin.columns.platform, M.admin.columns.organiser])
      await visible(summer.getByText(figure, { exact: true }));
    for (const amount of ['£19.98', '£10.00', '£9.98']) {
      const box = await summer.getByText(amount, { exact: true }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await snap(page, 'issue9-admin-data-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
  });

  test('8 skeleton cards while loading; a failed load is only logged and the loading ends (spec §2, §8)', async () => {
    const { server, context, page } = await harness.open({ viewport: DESKTOP });
    await signInBrowser(server, context, 'admin@example.com');
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The admin reads answer with a server error (other procedures batched with them are answered as usual).
    await page.route('**/trpc/admin.*', async (route) => {
      await held;
      const ops = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
      const real = (await (await route.fetch()).json()) as unknown[];
      const error = (path: string) => ({
        error: { message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } },
      });
      const body = ops.map((op, i) => (op.startsWith('admin.') ? error(op) : real[i]));
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto('/admin');
    await visible(page.getByTestId('admin-skeleton-card').first());
    expect(await page.getByTestId('admin-skeleton-card').count()).toBe(8);
    await snap(page, 'issue9-admin-skeleton-desktop');
    release();
    // after tRPC's retries the page shows its sections (zeros), no error text, and the error in the console
    await page.getByText(M.admin.noRevenue).waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('admin-skeleton-card').count()).toBe(0);
    expect(logged.some((t) => t.includes('Admin statistics'))).toBe(true);
  });

  test('an organiser sees the Revenue card and the Download Revenue card, and no admin page', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: DESKTOP });
    await signInBrowser(server, context, 'admin@example.com');
    const { api, event } = await organiserEvent(server, {
      name: 'Summer Meetup',
      download_enabled: true,
      download_price: 999,
    });
    await context.clearCookies();
    await context.addCookies(browserCookies(server, api));
    const plain = await api.trpc.events.create.mutate({ ...eventFields(event), name: 'Free Evening' });
    await addPaidDownload(server.deps.db, event.id, 999, daysAgo(2));
    await addPaidDownload(server.deps.db, event.id, 999, daysAgo(1));

    await page.goto('/');
    const card = page.getByRole('region', { name: M.revenue.cardTitle });
    await visible(card.getByText('£9.98').first()); // 2 × 499p, the organiser's share
    await visible(card.getByText(M.revenue.never));
    await visible(card.getByText(M.revenue.comingSoon));
    await snap(page, 'issue9-dashboard-revenue-desktop');
    await atPhoneSize(page, card.getByText(M.revenue.never));
    await snap(page, 'issue9-dashboard-revenue-phone');

    await page.setViewportSize(DESKTOP);
    await page.goto(`/event/${event.id}`);
    const detail = page.getByRole('region', { name: M.revenue.downloadRevenue });
    await visible(detail.getByText('£19.98'));
    await snap(page, 'issue9-event-revenue-desktop');
    await atPhoneSize(page, detail.getByText('£19.98'));
    await snap(page, 'issue9-event-revenue-phone');

    // No downloads enabled: no card at all.
    await page.goto(`/event/${plain.id}`);
    await visible(page.getByRole('heading', { name: 'Free Evening' }));
    expect(await page.getByRole('region', { name: M.revenue.downloadRevenue }).count()).toBe(0);

    await page.goto('/admin');
    await visible(page.getByText(M.guards.adminOnly));
    expect(errors).toEqual([]);
  });
});

function eventFields(e: { venue: string; city: string; event_date: string; start_time: string; end_time: string }) {
  return {
    venue: e.venue,
    city: e.city,
    event_date: e.event_date,
    start_time: e.start_time.slice(0, 5),
    end_time: e.end_time.slice(0, 5),
  };
}

/** The phone viewport, with the page loaded at that size (the shell lays out for it on load). */
async function atPhoneSize(page: Page, ready: Locator) {
  await page.setViewportSize(PHONE);
  await page.reload();
  await visible(ready);
}
