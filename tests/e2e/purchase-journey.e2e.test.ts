import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAYMENTS } from '#shared/constants';
import { M } from '#shared/messages';
import { photoJpeg } from '../helpers/attendees-browser';
import {
  BROWSER_WAIT_MS,
  DESKTOP,
  field,
  launchBrowser,
  PHONE,
  path,
  snap,
  toast,
  visible,
  watchPageErrors,
} from '../helpers/browser';
import { parseCsv } from '../helpers/downloads-world';
import { chooseTime, openSection, pickDayNextMonth, signedInClient, signInBrowser } from '../helpers/events-browser';
import { startTestServer, type TestServer } from '../helpers/server';

// Issue 9 acceptance, the whole money journey in Chromium on the built-in test checkout, every step
// clicked as people would: an organiser buys the Annual plan and creates an event with paid downloads;
// a second browser (a phone) joins the room, buys the attendee list and downloads it; the organiser then
// sees their 50% on the event page.

let browser: Browser;
let server: TestServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const UUID = /^\/event\/([0-9a-f-]{36})$/;

describe('membership → event → join → paid download', () => {
  test('buy Annual, create an event, then a phone joins, buys the list and downloads it', async () => {
    await signedInClient(server, 'admin@example.com'); // the first account is the admin: Ada must pay
    const organiser = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    organiser.setDefaultTimeout(BROWSER_WAIT_MS);
    await signInBrowser(server, organiser, 'ada@example.com');
    const page = await organiser.newPage();
    const errors = watchPageErrors(page);

    // The gate first: no membership, no event form.
    await page.goto('/create-event');
    await visible(page.getByRole('heading', { name: M.membership.gate.noneTitle }));
    await page.goto('/membership');
    await page.getByRole('button', { name: M.membership.plans.annual.button }).click();
    await expect.poll(() => path(page)).toMatch(new RegExp(`^${PAYMENTS.TEST_CHECKOUT_PATH}/`));
    await visible(page.getByText(M.payments.testCheckout.notice));
    await page.getByRole('button', { name: M.payments.testCheckout.pay('£500.00') }).click();
    await expect.poll(() => path(page)).toBe('/membership-success');
    await visible(page.getByRole('heading', { name: M.membership.success.title }));
    await page.getByRole('main').getByRole('link', { name: M.membership.success.createEvent }).click();

    await field(page, 'Event name').fill('Paid Night');
    await field(page, 'Venue').fill('The Hall');
    await field(page, 'City').fill('Leeds');
    await pickDayNextMonth(page, 12);
    await chooseTime(page, 'Start time', '18:00');
    await chooseTime(page, 'End time', '21:00');
    await openSection(page, 'Download options');
    await field(page, 'Price per download').fill('2.5');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(toast(page, M.success.eventCreated));
    await expect.poll(() => path(page)).toMatch(UUID);
    const eventId = UUID.exec(path(page))?.[1] as string;

    // A second browser: a phone at the venue joins the room with a photo.
    const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE, acceptDownloads: true });
    phone.setDefaultTimeout(BROWSER_WAIT_MS);
    const attendee = await phone.newPage();
    const attendeeErrors = watchPageErrors(attendee);
    await attendee.goto(`/register/${eventId}`);
    await attendee
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await visible(toast(attendee, M.success.photoUploaded));
    await field(attendee, 'First name').fill('Grace');
    await field(attendee, 'Last name').fill('Hopper');
    await field(attendee, 'Headline').fill('=HYPERLINK("http://evil.example")');
    await attendee.getByRole('button', { name: M.attendees.joinButton }).click();
    await expect.poll(() => path(attendee)).toBe(`/event-list/${eventId}`);

    // Buy the list: the test checkout opens in a new tab; Pay brings the buyer back and the CSV arrives.
    await attendee.getByRole('button', { name: new RegExp(M.downloads.title) }).click();
    const buy = attendee.getByRole('button', { name: `${M.downloads.buy('£2.50')}: ${M.downloads.formats.csv}` });
    const [checkout] = await Promise.all([phone.waitForEvent('page'), buy.click()]);
    await visible(checkout.getByText(M.payments.testCheckout.notice));
    await snap(checkout, 'e2e-journey-checkout-390');
    const [file] = await Promise.all([
      checkout.waitForEvent('download'),
      checkout.getByRole('button', { name: M.payments.testCheckout.pay('£2.50') }).click(),
    ]);
    await visible(toast(checkout, M.success.downloadStarted));
    const rows = parseCsv(fs.readFileSync((await file.path()) ?? '', 'utf8'));
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([['Grace', 'Hopper']]);
    expect(rows[1]).toContain(`'=HYPERLINK("http://evil.example")`);

    // The organiser's share on the event page: £1.25 of £2.50.
    await page.reload();
    await visible(page.getByText('£1.25').first());
    await snap(page, 'e2e-journey-event-revenue-1440');
    expect([...errors, ...attendeeErrors]).toEqual([]);
    await phone.close();
    await organiser.close();
  }, 120_000);
});
