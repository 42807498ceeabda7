import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, PHONE, path, settled, snap, toast, visible } from '../helpers/browser';
import { parseCsv } from '../helpers/downloads-world';

// spec §2 the attendee list's download card, §4 post-payment download, §6 "Join Room to Download";
// issue 9 item 3 in Chromium: free and paid (built-in test checkout, new tab) downloads, the cancelled
// return, and the card's states at 390x844 and 1440x900 (tests/.artifacts/e2e-downloads-*.png).

const harness = browserHarness();

/** This browser holds the registration's token, as after joining here (registration-tokens.ts). */
const holdToken = (context: BrowserContext, registrationId: string, token: string) =>
  context.addInitScript(([k, v]) => window.localStorage.setItem(k, v), [
    `roomlist:registration-token:${registrationId}`,
    token,
  ] as const);

const card = (page: Page) => page.getByRole('button', { name: new RegExp(M.downloads.title) });

/** Opens the downloads card and waits for it to finish sliding open before anything in it is clicked. */
async function openCard(page: Page) {
  await card(page).click();
  await settled(page);
}

async function both(page: Page, name: string) {
  await settled(page);
  await page.setViewportSize(PHONE);
  await snap(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await snap(page, `${name}-1440`);
}

describe('attendee-list downloads in the browser', () => {
  test('free list: a visitor is told to join; the registered browser downloads the CSV and the PDF', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: PHONE, acceptDownloads: true });
    const { event } = await organiserEvent(server, {
      download_enabled: true,
      download_price: 0,
      download_formats: ['csv', 'pdf'],
    });
    const me = await apiJoin(server, event.id, {
      first_name: 'Grace',
      last_name: 'Hopper',
      headline: 'Compilers',
      email: 'grace@example.com',
    });
    await apiJoin(
      server,
      event.id,
      { first_name: 'Katherine', last_name: 'Johnson', headline: '=1+1', email: 'kj@example.com' },
      '#12b886',
    );
    // Grace agreed to be in the file with her contacts; Katherine did not (the default)
    await server.deps.db
      .updateTable('event_registrations')
      .set({ share_in_download: 1 })
      .where('id', '=', me.registration.id)
      .execute();

    // A browser without an entry of this event: the card, collapsed, then "Join Room to Download" + note.
    await page.goto(`/event-list/${event.id}`);
    await visible(card(page));
    // PRO labels an organiser's feature in the event form; an attendee's card does not carry it
    expect(await card(page).textContent()).not.toContain(M.eventForm.pro);
    await both(page, 'e2e-downloads-collapsed');
    await openCard(page);
    const join = page.getByRole('link', { name: M.downloads.joinToDownload });
    await visible(join);
    // before anything is paid or downloaded: how many included their contact details
    await visible(page.getByText(M.choices.contactsIncluded(1, 2)));
    await visible(page.getByText(M.downloads.joinToDownloadNote));
    expect(await join.getAttribute('href')).toBe(`/register/${event.id}`);
    await both(page, 'e2e-downloads-join');

    // The browser that joined: formats with "Free", Download → the file, "Download started".
    await holdToken(context, me.registration.id, me.token);
    await page.goto(`/event-list/${event.id}`);
    await openCard(page);
    const csvButton = page.getByRole('button', { name: `${M.downloads.download}: ${M.downloads.formats.csv}` });
    await visible(csvButton);
    await visible(page.getByText(M.eventForm.free, { exact: true }));
    await visible(page.getByText(M.choices.contactsIncluded(1, 2)));
    await both(page, 'e2e-downloads-free');
    const [csv] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    await visible(toast(page, M.success.downloadStarted));
    expect(csv.suggestedFilename()).toBe('Summer Meetup attendees.csv');
    const rows = parseCsv(fs.readFileSync((await csv.path()) ?? '', 'utf8'));
    expect(rows.map((r) => r[0])).toEqual(['First name', 'Grace', 'Katherine']);
    // e-mail only of the one who agreed
    expect(rows.map((r) => r[2])).toEqual(['Email', 'grace@example.com', '']);
    expect(rows[2][3]).toBe("'=1+1");

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `${M.downloads.download}: ${M.downloads.formats.pdf}` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('Summer Meetup attendees.pdf');
    expect(
      fs
        .readFileSync((await pdf.path()) ?? '')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(errors).toEqual([]);
  });

  test('paid list: Buy opens the test checkout in a new tab; back with download=success it verifies, downloads and cleans the URL', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: DESKTOP, acceptDownloads: true });
    const { event } = await organiserEvent(server, {
      download_enabled: true,
      download_price: 999,
      download_formats: ['csv'],
    });
    const me = await apiJoin(server, event.id, { first_name: 'Grace', last_name: 'Hopper', headline: 'Compilers' });
    await apiJoin(server, event.id, { first_name: 'Alan', last_name: 'Turing' }, '#e64980');
    await holdToken(context, me.registration.id, me.token);

    await page.goto(`/event-list/${event.id}`);
    await openCard(page);
    const buy = page.getByRole('button', { name: `${M.downloads.buy('£9.99')}: ${M.downloads.formats.csv}` });
    await visible(buy);
    await visible(page.getByText(M.choices.contactsIncluded(0, 2)));
    await both(page, 'e2e-downloads-paid');

    const [checkout] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await visible(toast(page, M.success.redirectingToPayment));
    await visible(checkout.getByText(M.payments.testCheckout.notice));
    const [file] = await Promise.all([
      checkout.waitForEvent('download'),
      checkout.getByRole('button', { name: M.payments.testCheckout.pay('£9.99') }).click(),
    ]);
    await visible(toast(checkout, M.success.downloadStarted));
    const rows = parseCsv(fs.readFileSync((await file.path()) ?? '', 'utf8'));
    expect(rows.slice(1).map((r) => `${r[0]} ${r[1]}`)).toEqual(['Alan Turing', 'Grace Hopper']);
    // The query values are gone (replaced, not pushed), the list stays.
    await checkout.waitForURL((u) => u.search === '');
    expect(path(checkout)).toBe(`/event-list/${event.id}`);
    await checkout.setViewportSize(PHONE);
    await snap(checkout, 'e2e-downloads-paid-returned-390');

    const purchases = await server.deps.db.selectFrom('download_purchases').selectAll().execute();
    expect(purchases.map((p) => p.amount_paid)).toEqual([999]);
    const revenue = await server.deps.db.selectFrom('download_revenue').selectAll().executeTakeFirstOrThrow();
    expect([revenue.total_revenue, revenue.organizer_share, revenue.witr_share]).toEqual([999, 499, 500]);

    // Back from a cancelled checkout: "Payment cancelled", and the query values are cleared.
    await page.goto(`/event-list/${event.id}?download=cancelled`);
    await visible(toast(page, M.downloads.paymentCancelled));
    await page.waitForURL((u) => u.search === '');
    // A forged return (a session id that was never paid) is refused with the spec's text.
    await page.goto(`/event-list/${event.id}?download=success&format=csv&session_id=cs_forged`);
    await visible(toast(page, M.downloads.failed).filter({ hasText: M.downloads.paymentVerificationFailed }));
    await page.waitForURL((u) => u.search === '');
    expect(errors).toEqual([]);
  });
});
