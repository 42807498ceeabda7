import dayjs from 'dayjs';
import type { BrowserContext, Page } from 'playwright-core';
import { settled } from './browser';
import type { TestServer } from './server';

// Shared steps of the events browser tests; the generic harness and locator helpers are in ./browser.

export const PASSWORD = 'Sunrise-Harbour9';

/** A confirmed account made through the API and signed in (the first one on a server is the admin). */
export async function signedInClient(server: TestServer, email: string) {
  const c = server.client();
  await c.trpc.auth.signUp.mutate({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  const link = new URL(server.lastLink(email) ?? '');
  await c.trpc.auth.verify.mutate({ token: link.searchParams.get('token') ?? '', type: 'signup' });
  await c.trpc.auth.signIn.mutate({ email, password: PASSWORD });
  return c;
}

/** The API client's cookies (its session), ready for `context.addCookies`. */
export function browserCookies(server: TestServer, api: ReturnType<TestServer['client']>) {
  return api
    .cookie()
    .split('; ')
    .map((pair) => {
      const [name, value] = pair.split('=');
      return { name, value, url: server.url };
    });
}

/** A new account signed in through the API, its session handed to the browser context; returns its client. */
export async function signInBrowser(server: TestServer, context: BrowserContext, email: string) {
  const api = await signedInClient(server, email);
  await context.addCookies(browserCookies(server, api));
  return api;
}

/** Picks a time in one of the event form's time selects. */
export async function chooseTime(page: Page, label: string, time: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: time, exact: true }).click();
}

/**
 * Picks a day of next month in the event date picker: the server clock is real time, so such a day
 * is always in the future. Returns the chosen day.
 */
export async function pickDayNextMonth(page: Page, dayOfMonth: number) {
  const day = dayjs().add(1, 'month').date(dayOfMonth);
  await page.getByRole('button', { name: 'Event date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: day.format('D MMMM YYYY'), exact: true }).click();
  return day;
}

/** Turns on one of the event form's PRO sections by its switch and waits for it to finish opening. */
export async function openSection(page: Page, name: 'Sponsor branding' | 'Download options') {
  // The switch's visible part is its label element (the input itself is visually hidden).
  await page.getByRole('switch', { name }).locator('xpath=..').click();
  await settled(page);
}
