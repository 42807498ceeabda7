import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import type { TestServer } from './server';

// Shared steps of the events browser tests. playwright-core has no web-first assertions: wait for
// the state, then assert.
export const visible = (l: Locator) => l.waitFor({ state: 'visible' });
export const hidden = (l: Locator) => l.waitFor({ state: 'hidden' });
export const path = (page: Page): string => new URL(page.url()).pathname;
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

const PASSWORD = 'Sunrise-Harbour9';

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
