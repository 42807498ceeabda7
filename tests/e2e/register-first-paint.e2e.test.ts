import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, PHONE, snap, visible } from '../helpers/browser';

// issue 8 B7: a phone opening /register/{id} cold gets the page's chunks with the HTML and the event
// inside it, so its first paint is the event's title (no loader, no request for the event), and the
// form follows in a background render.

const harness = browserHarness();

describe('/register/{id} on a cold load', () => {
  test('paints the title without a loader and without asking for the event; the form follows', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    // Whatever the page shows on its way, recorded as it happens: the loader must never be among it.
    await page.addInitScript((loading) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.getElementById('root')?.textContent ?? '';
        if (text.includes(loading)) seen.push('loader');
        if (document.querySelector('h1') && !document.querySelector('form')) seen.push('title before form');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, M.guards.loading);

    await page.goto(`/register/${event.id}`);
    await visible(page.getByRole('heading', { name: M.attendees.joinTitle('Summer Meetup') }));
    await visible(page.getByRole('button', { name: M.attendees.joinButton }));

    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).not.toContain('loader');
    expect(seen).toContain('title before form');
    // the event and the configuration came with the HTML; the join page's chunk with it too
    expect(requests.filter((p) => p.startsWith('/trpc/') && /registrations\.event|publicConfig/.test(p))).toEqual([]);
    expect(requests.some((p) => /^\/assets\/join-page-[\w-]+\.js$/.test(p))).toBe(true);
    expect(await page.locator('link[rel="modulepreload"][href*="join-page-"]').count()).toBe(1);
    await snap(page, 'register-first-paint-phone');
    expect(errors).toEqual([]);
  });

  test('the headline box grows with its text from 2 lines up to 6, measured by CSS alone', async () => {
    const { server, page, errors } = await harness.open({ viewport: DESKTOP });
    const { event } = await organiserEvent(server);
    await page.goto(`/register/${event.id}`);
    const headline = page.getByRole('textbox', { name: 'Headline' });
    await visible(headline);
    const height = () => headline.evaluate((el) => el.getBoundingClientRect().height);
    const empty = await height();
    await headline.fill('one line');
    expect(await height()).toBe(empty);
    await headline.fill('a\nb\nc\nd');
    const four = await height();
    expect(four).toBeGreaterThan(empty);
    await headline.fill('a\nb\nc\nd\ne\nf\ng\nh\ni\nj');
    const ten = await height();
    expect(ten).toBeGreaterThan(four);
    // six lines at most: two more lines than four
    const line = (four - empty) / 2;
    expect(Math.abs(ten - (four + 2 * line))).toBeLessThan(2);
    await snap(page, 'register-first-paint-desktop');
    expect(errors).toEqual([]);
  });
});
