import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { type FakeLinkedIn, startFakeLinkedIn } from '../fakes/linkedin';
import { organiserEvent } from '../helpers/attendees-browser';
import {
  BROWSER_WAIT_MS,
  DESKTOP,
  field,
  hidden,
  launchBrowser,
  PHONE,
  path,
  snap,
  toast,
  visible,
  watchPageErrors,
} from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';

// spec §2 /register "Import from LinkedIn", /linkedin-callback; §4 LinkedIn import; §7 LinkedIn: the
// whole popup flow in Chromium against the fake OAuth server on loopback.

const STATE_KEY = 'roomlist:linkedin-state';

let browser: Browser;
let fake: FakeLinkedIn;
let server: TestServer | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  fake = await startFakeLinkedIn();
});
afterAll(async () => {
  await browser?.close();
  await fake?.stop();
});
afterEach(async () => {
  await context?.close();
  await server?.stop();
  context = server = undefined;
  fake.state.hold = false;
});

/** A server (with LinkedIn pointed at the fake unless `linkedin: false`), an event, and its /register page. */
async function openRegister({ linkedin = true } = {}) {
  server = await startTestServer({ env: linkedin ? fake.env : {} });
  const { event } = await organiserEvent(server);
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`/register/${event.id}`);
  await visible(page.getByRole('heading', { name: M.attendees.joinTitle('Summer Meetup') }));
  return { page, errors, event, s: server };
}

const importButton = (page: Page) => page.getByRole('button', { name: M.attendees.importLinkedIn });

/**
 * The popup leaves LinkedIn's page for `url` as LinkedIn's redirect would (a navigation from the page;
 * a browser-initiated goto may start a new browsing context group, without the opener).
 */
const leaveFor = (popup: Page, url: string) =>
  popup.evaluate((u) => {
    window.location.href = u;
  }, new URL(url, server?.url).href);

/** Clicks the import button and returns the popup, once it has loaded whatever it shows. */
async function clickImport(page: Page) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), importButton(page).click()]);
  return popup;
}

describe('LinkedIn import in the browser', () => {
  test('without LINKEDIN_CLIENT_ID/SECRET the register page has no import and no divider', async () => {
    const { page, errors } = await openRegister({ linkedin: false });
    await visible(field(page, 'First name'));
    expect(await importButton(page).count()).toBe(0);
    expect(await page.getByText(M.attendees.orManual).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('the popup goes to LinkedIn, comes back, and the form fills; the join then succeeds', async () => {
    const { page, errors, event, s } = await openRegister();
    await visible(page.getByText(M.attendees.orManual));
    await snap(page, 'linkedin-register-390');
    const join = page.getByRole('button', { name: M.attendees.joinButton });
    expect(await join.isDisabled()).toBe(true);

    const popup = await clickImport(page);
    await visible(toast(page, M.success.linkedinImported));
    expect(popup.isClosed()).toBe(true);
    expect(await field(page, 'First name').inputValue()).toBe('Grace');
    expect(await field(page, 'Last name').inputValue()).toBe('Hopper');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('grace.hopper@example.com');
    await visible(page.getByRole('img', { name: 'Your photo' }));
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STATE_KEY)).toBeNull();
    const sent = fake.state.tokenRequests.at(-1);
    expect(sent?.get('redirect_uri')).toBe(`${s.url}/linkedin-callback`);
    await snap(page, 'linkedin-imported-390');

    expect(await join.isDisabled()).toBe(false);
    await join.click();
    await visible(toast(page, M.success.joined));
    await page.waitForURL(`**/event-list/${event.id}`);
    const rows = await s.deps.db
      .selectFrom('event_registrations')
      .select(['first_name', 'last_name', 'email', 'photo_url'])
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toEqual([
      { first_name: 'Grace', last_name: 'Hopper', email: 'grace.hopper@example.com', photo_url: expect.any(String) },
    ]);
    expect(errors).toEqual([]);
  });

  test('closing the popup without a result says "Authentication was cancelled"', async () => {
    const { page, errors } = await openRegister();
    await page.setViewportSize(DESKTOP);
    await snap(page, 'linkedin-register-1440');
    fake.state.hold = true;
    const popup = await clickImport(page);
    await visible(popup.getByText('Sign in to LinkedIn'));
    const authorize = new URL(popup.url());
    expect([
      authorize.pathname,
      authorize.searchParams.get('scope'),
      authorize.searchParams.get('redirect_uri'),
    ]).toEqual(['/oauth/v2/authorization', 'openid profile email', `${server?.url}/linkedin-callback`]);
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 700]);
    await popup.close();
    await visible(toast(page, M.linkedin.importFailedTitle).filter({ hasText: M.linkedin.cancelled }));
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STATE_KEY)).toBeNull();
    expect(await field(page, 'First name').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  test('a state that is not the one sent fails "Security validation failed"; no code fails "No authorization code received"', async () => {
    const { page } = await openRegister();
    fake.state.hold = true;

    let popup = await clickImport(page);
    await visible(popup.getByText('Sign in to LinkedIn'));
    await leaveFor(popup, '/linkedin-callback?code=stolen&state=forged');
    await visible(toast(page, M.linkedin.securityFailed));
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STATE_KEY)).toBeNull();

    popup = await clickImport(page);
    await visible(popup.getByText('Sign in to LinkedIn'));
    const state = new URL(popup.url()).searchParams.get('state') ?? '';
    await leaveFor(popup, `/auth-callback?state=${state}`);
    await visible(toast(page, M.linkedin.noCode));
    expect(fake.state.tokenRequests.filter((r) => r.get('code') === 'stolen')).toHaveLength(0);
  });

  test('a state older than 10 minutes fails "Authentication expired"', async () => {
    const { page } = await openRegister();
    fake.state.hold = true;
    const popup = await clickImport(page);
    await visible(popup.getByText('Sign in to LinkedIn'));
    const state = new URL(popup.url()).searchParams.get('state') ?? '';
    // the stored state as if the popup had been opened 11 minutes ago
    await page.evaluate(
      ([k, value]) => sessionStorage.setItem(k, btoa(JSON.stringify({ value, createdAt: Date.now() - 11 * 60_000 }))),
      [STATE_KEY, state],
    );
    await leaveFor(popup, `/linkedin-callback?code=anything&state=${state}`);
    await visible(toast(page, M.linkedin.expired));
  });

  test('a blocked popup says "Popup blocked…"', async () => {
    const { page } = await openRegister();
    await page.evaluate(() => {
      window.open = () => null;
    });
    await importButton(page).click();
    await visible(toast(page, M.linkedin.popupBlocked));
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STATE_KEY)).toBeNull();
  });

  test('the callback page opened on its own says so and posts nowhere', async () => {
    server = await startTestServer({ env: fake.env });
    context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/linkedin-callback?code=abc&state=xyz');
    await visible(page.getByText(M.linkedin.callbackNoOpener));
    expect(path(page)).toBe('/linkedin-callback');
    await hidden(page.getByLabel('Returning to the registration page'));
    await snap(page, 'linkedin-callback-orphan-390');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'linkedin-callback-orphan-1440');
    expect(errors).toEqual([]);
  });
});
