import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, PHONE, visible } from '../helpers/browser';
import { browserCookies } from '../helpers/events-browser';

const harness = browserHarness();

/** WCAG 2.1 A and AA rules (colour contrast included) that axe-core finds serious or critical. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
  // One test per kind of page and screen size: each stays well inside the test timeout on a busy machine.
  for (const [screen, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`every public page at ${screen} size: no serious or critical violation`, async () => {
      const { server, page } = await harness.open({ viewport });
      const { event } = await organiserEvent(server, { name: 'Leeds Tech Social' });
      await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace', headline: 'Analytical engines' });
      const pages: [string, () => Promise<void>][] = [
        [`/register/${event.id}`, () => visible(page.getByRole('button', { name: 'Join the room' }))],
        [`/event-list/${event.id}`, () => visible(page.getByText('Ada Lovelace').first())],
        [`/event-display/${event.id}`, () => visible(page.getByText('Ada Lovelace').first())],
        [`/event-qr/${event.id}`, () => visible(page.getByRole('heading', { name: 'Leeds Tech Social' }))],
        ['/auth', () => visible(page.getByRole('tab', { name: 'Sign In' }))],
        ['/terms', () => visible(page.getByRole('heading').first())],
        ['/no-such-page', () => visible(page.getByText('Oops! Page not found'))],
      ];
      expect(await violationsOn(page, pages)).toEqual([]);
    });

    test(`the main organiser pages at ${screen} size: no serious or critical violation`, async () => {
      const { server, page, context } = await harness.open({ viewport });
      const { api, event } = await organiserEvent(server, { name: 'Leeds Tech Social' });
      await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace', headline: 'Analytical engines' });
      await context.addCookies(browserCookies(server, api));
      const pages: [string, () => Promise<void>][] = [
        ['/', () => visible(page.getByRole('heading', { name: 'Dashboard', exact: true }))],
        ['/events', () => visible(page.getByRole('heading', { name: 'Events', exact: true }))],
        ['/create-event', () => visible(page.getByRole('button', { name: 'Create Event' }))],
        [`/event/${event.id}`, () => visible(page.getByRole('button', { name: 'Check in Ada Lovelace' }))],
        [`/door/${event.id}`, () => visible(page.getByRole('button', { name: `${M.door.checkIn} Ada Lovelace` }))],
        ['/membership', () => visible(page.getByText('Your membership'))],
        ['/account', () => visible(page.getByRole('heading').first())],
      ];
      expect(await violationsOn(page, pages)).toEqual([]);
    });
  }
});

/** Each page opened in turn, once `ready`; its serious or critical violations, named by path. */
async function violationsOn(page: Page, pages: [string, () => Promise<void>][]) {
  const found: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready();
    for (const v of await seriousViolations(page)) found.push(`${path} ${v}`);
  }
  return found;
}

/** Presses Tab until the focused element is the one `name`d (its accessible name), at most 60 times. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.getAttribute('aria-label');
      if (labelled) return labelled;
      const id = el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent;
      return (id || el.textContent || '').replace(/\s*\*$/, '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

describe('keyboard only', () => {
  test('an attendee joins and the organiser checks them in, without a mouse', async () => {
    const { server, page, context } = await harness.open({ viewport: DESKTOP });
    const { api, event } = await organiserEvent(server, { name: 'Keyboard Night' });
    await page.goto(`/register/${event.id}`);
    await visible(page.getByRole('button', { name: 'Join the room' }));

    // listening before the first key: Playwright turns file-chooser interception on asynchronously
    const choosing = page.waitForEvent('filechooser');
    await tabTo(page, 'Upload photo');
    await page.keyboard.press('Space');
    const chooser = await choosing;
    await chooser.setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await tabTo(page, 'First name');
    await page.keyboard.type('Grace');
    await tabTo(page, 'Last name');
    await page.keyboard.type('Hopper');
    await tabTo(page, 'Join the room');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/event-list/${event.id}`);
    await visible(page.getByText('Grace Hopper').first());

    await context.addCookies(browserCookies(server, api));
    await page.goto(`/event/${event.id}`);
    await visible(page.getByRole('button', { name: 'Check in Grace Hopper' }));
    await tabTo(page, 'Check in Grace Hopper');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('button', { name: 'Check out Grace Hopper' }));
    const row = await server.deps.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).not.toBeNull();
  });
});
