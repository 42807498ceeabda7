import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { organiserEvent } from '../helpers/attendees-browser';
import {
  ARTIFACTS,
  BROWSER_WAIT_MS,
  DESKTOP,
  field,
  launchBrowser,
  PHONE,
  snap,
  toast,
  visible,
  watchPageErrors,
} from '../helpers/browser';
import { browserCookies, chooseTime, signInBrowser } from '../helpers/events-browser';
import { startTestServer, type TestServer } from '../helpers/server';

// The event's own time (README "Configuration": TIME_ZONE): its times are shown as the organiser set them,
// on its clocks, with its zone named for a viewer whose browser is in another zone.

let browser: Browser;
let server: TestServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await server?.stop();
});

/** A browser whose clocks are in `timezoneId`. */
async function open(timezoneId: string, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: server.url, viewport, timezoneId });
  contexts.push(context);
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

async function chooseZone(page: Awaited<ReturnType<typeof open>>['page'], search: string, zone: string) {
  const select = page.getByRole('combobox', { name: M.timeZone.label });
  await select.click();
  await select.fill(search);
  await page.getByRole('option', { name: zone, exact: true }).click();
}

describe("the event's time zone in the browser", () => {
  test('the form starts at the browser’s zone; the zone is named only to viewers in another', async () => {
    server = await startTestServer();
    const organiser = await open('Asia/Tokyo');
    const { page } = organiser;
    const api = await signInBrowser(server, organiser.context, 'zones@example.com');
    await page.goto('/create-event');
    await field(page, 'Event name').fill('Harbour Night');
    await field(page, 'Venue').fill('The Old Library');
    await field(page, 'City').fill('London');
    // the 10th of the browser's next month (its month may not be this process's: it is in Tokyo)
    await page.getByRole('button', { name: 'Event date' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: /^10 [A-Z][a-z]+ \d{4}$/ }).click();
    await chooseTime(page, 'Start time', '18:00');
    await chooseTime(page, 'End time', '21:00');
    const zoneField = page.getByRole('combobox', { name: M.timeZone.label });
    expect(await zoneField.inputValue()).toBe('Asia/Tokyo'); // the organiser's browser zone
    await chooseZone(page, 'london', 'Europe/London');
    expect(await zoneField.inputValue()).toBe('Europe/London');
    await snap(page, 'e2e-event-time-zone-form-desktop');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(toast(page, M.success.eventCreated));

    const saved = await server.deps.db
      .selectFrom('events')
      .select(['id', 'time_zone', 'scheduled_deletion_date'])
      .executeTakeFirstOrThrow();
    expect(saved.time_zone).toBe('Europe/London');
    // the organiser is in Tokyo: the times are London's, and say so
    await visible(page.getByText('18:00 - 21:00 (Europe/London)', { exact: true }));
    await visible(page.getByText(/Scheduled deletion: .+ at 21:00 \(Europe\/London\)\./));
    await snap(page, 'e2e-event-time-zone-detail-desktop');

    // a visitor in London sees the times alone; one in New York sees them named
    const local = await open('Europe/London', PHONE);
    await local.page.goto(`/register/${saved.id}`);
    await visible(local.page.getByRole('button', { name: M.attendees.joinButton }));
    await visible(local.page.getByText(/, 18:00-21:00$/));
    expect(await local.page.getByText('(Europe/London)').count()).toBe(0);
    const abroad = await open('America/New_York', PHONE);
    await abroad.page.goto(`/register/${saved.id}`);
    await visible(abroad.page.getByText(/, 18:00-21:00 \(Europe\/London\)$/));
    await snap(abroad.page, 'e2e-event-time-zone-register-phone');
    await abroad.page.goto(`/event-display/${saved.id}`);
    await visible(abroad.page.getByText('18:00 - 21:00 (Europe/London)', { exact: true }));

    // edited to Tokyo, the organiser's own zone: no name any more, and the erasure moves with it
    await page.goto(`/edit-event/${saved.id}`);
    expect(await zoneField.inputValue()).toBe('Europe/London');
    await chooseZone(page, 'tokyo', 'Asia/Tokyo');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(toast(page, M.success.eventUpdated));
    await visible(page.getByText('18:00 - 21:00', { exact: true }));
    await visible(page.getByText(/Scheduled deletion: .+ at 21:00\./));
    const edited = await server.deps.db
      .selectFrom('events')
      .select(['time_zone', 'scheduled_deletion_date'])
      .executeTakeFirstOrThrow();
    expect(edited.time_zone).toBe('Asia/Tokyo');
    // 21:00 in Tokyo is eight or nine hours before 21:00 in London
    const hours =
      (Date.parse(saved.scheduled_deletion_date ?? '') - Date.parse(edited.scheduled_deletion_date ?? '')) / 3_600_000;
    expect([8, 9]).toContain(hours);

    const phone = await open('Asia/Tokyo', PHONE);
    await phone.context.addCookies(browserCookies(server, api));
    await phone.page.goto('/create-event');
    await visible(phone.page.getByRole('combobox', { name: M.timeZone.label }));
    const search = phone.page.getByRole('combobox', { name: M.timeZone.label });
    await search.scrollIntoViewIfNeeded();
    await snap(phone.page, 'e2e-event-time-zone-form-phone');
    await search.click();
    await search.fill('america/new_y');
    await visible(phone.page.getByRole('option', { name: 'America/New York', exact: true }));
    await phone.page.screenshot({ path: `${ARTIFACTS}/e2e-event-time-zone-search-phone.png` });

    api.close();
    for (const p of [organiser, local, abroad, phone]) expect(p.errors).toEqual([]);
  }, 120_000);

  // bench B7: a page's first Intl date format costs a phone's main thread ~100 ms. Chromium has Temporal,
  // which names, compares and dates the zones here: the join page, with its zone named or not, makes none.
  test('the join page makes no Intl date format where the browser has Temporal', async () => {
    server = await startTestServer();
    const { api, event } = await organiserEvent(server, { time_zone: 'Europe/London' });
    api.close();
    for (const [zone, named] of [
      ['Europe/London', false],
      ['America/New_York', true],
    ] as const) {
      const viewer = await open(zone, PHONE);
      await viewer.context.addInitScript(() => {
        const made: string[] = [];
        (window as unknown as { intlMade: string[] }).intlMade = made;
        const Real = Intl.DateTimeFormat;
        // a subclass keeps the constructor's statics and prototype, and counts each one made
        Intl.DateTimeFormat = class extends Real {
          constructor(...args: ConstructorParameters<typeof Real>) {
            super(...args);
            made.push(JSON.stringify(args));
          }
        } as typeof Intl.DateTimeFormat;
      });
      await viewer.page.goto(`/register/${event.id}`);
      await visible(viewer.page.getByRole('button', { name: M.attendees.joinButton }));
      await visible(viewer.page.getByRole('group', { name: M.choices.heading }));
      expect(await viewer.page.getByText('(Europe/London)').count()).toBe(named ? 1 : 0);
      expect(await viewer.page.evaluate(() => typeof (globalThis as { Temporal?: unknown }).Temporal)).toBe('object');
      expect(await viewer.page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
      expect(viewer.errors).toEqual([]);
    }
  });
});
