import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, PHONE, snap, visible } from '../helpers/browser';

// issue 8 B7: a phone opening /register/{id} cold gets the event inside the HTML, and the intro (title,
// date, place) already drawn in it, so its first paint is the event's title before any script has run
// (the page's chunks are asked for right after it: server/http/first-paint.ts); React's first render replaces it with the same markup (no
// loader, no request for the event, nothing moves), and the form follows in a background render.

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
      let titled = false;
      new MutationObserver(() => {
        const text = document.getElementById('root')?.textContent ?? '';
        if (text.includes(loading)) seen.push('loader');
        if (document.querySelector('h1') && !document.querySelector('form')) seen.push('title before form');
        if (document.querySelector('h1')) titled = true;
        else if (titled) seen.push('title gone');
      }).observe(document, { childList: true, subtree: true, characterData: true });
      // An element as the browser holds it: tag, attributes in name order, the style as parsed, children.
      const canon = (el: Element): string => {
        const attrs = [...el.attributes]
          .filter((a) => a.name !== 'style')
          .map((a) => `${a.name}="${a.value}"`)
          .sort();
        const style = (el as HTMLElement).style?.cssText ?? '';
        const inner = [...el.childNodes].map((n) => (n instanceof Element ? canon(n) : n.textContent)).join('');
        return `<${el.localName} ${attrs.join(' ')} style="${style}">${inner}</${el.localName}>`;
      };
      Object.assign(window, { canon });
      // the intro as the server drew it, before any of the page's scripts ran (module scripts run after this)
      document.addEventListener('readystatechange', () => {
        const h1 = document.querySelector('h1');
        if (document.readyState !== 'interactive' || !h1?.parentElement) return;
        const r = h1.getBoundingClientRect();
        Object.assign(window, { served: { intro: canon(h1.parentElement), rect: [r.x, r.y, r.width, r.height] } });
        // the frame that draws the served page: asked for before the loader runs, so called before its own
        requestAnimationFrame(() => Object.assign(window, { firstFrame: performance.now() }));
      });
      let shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) shift += (e as unknown as { value: number }).value;
        Object.assign(window, { shift });
      }).observe({ type: 'layout-shift', buffered: true });
    }, M.guards.loading);

    await page.goto(`/register/${event.id}`);
    await visible(page.getByRole('heading', { name: M.attendees.joinTitle('Summer Meetup') }));
    await visible(page.getByRole('button', { name: M.attendees.joinButton }));

    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).not.toContain('loader');
    expect(seen).not.toContain('title gone');
    expect(seen).toContain('title before form');
    // the served intro is React's (same elements, attributes, styles and texts), in the same place, and
    // nothing on the page moved
    const after = await page.evaluate(() => {
      const h1 = document.querySelector('h1') as HTMLElement;
      const r = h1.getBoundingClientRect();
      const w = window as unknown as {
        served?: { intro: string; rect: number[] };
        shift?: number;
        canon: (el: Element) => string;
      };
      const intro = h1.parentElement && w.canon(h1.parentElement);
      return { served: w.served, intro, rect: [r.x, r.y, r.width, r.height], shift: w.shift };
    });
    expect(after.served?.intro).toContain(M.attendees.joinTitle('Summer Meetup'));
    expect(after.intro).toBe(after.served?.intro);
    expect(after.rect).toEqual(after.served?.rect);
    expect(after.shift ?? 0).toBe(0);
    expect(await page.locator('h1').count()).toBe(1); // replaced, not added to
    // the scripts are not needed for that paint: the page's loader asks for them, the join page's chunk
    // included, once the frame that draws it is done (the paint's own timestamp, when the frame reached
    // the screen, can come later on a busy machine)
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstFrame: (window as unknown as { firstFrame?: number }).firstFrame,
      asked: performance.getEntriesByType('resource').flatMap((e) => {
        const file = /\/assets\/(index|vendor|join-page)-[\w-]+\.js$/.exec(e.name)?.[1];
        return file ? [{ file, at: e.startTime }] : [];
      }),
    }));
    expect(timing.asked.map((a) => a.file).sort()).toEqual(['index', 'join-page', 'vendor']);
    expect(timing.painted).toBeGreaterThan(0);
    for (const a of timing.asked) expect(a.at, a.file).toBeGreaterThan(timing.firstFrame ?? Number.POSITIVE_INFINITY);
    expect(await page.locator('link[rel="modulepreload"][href*="join-page-"]').count()).toBe(1);
    // the event and the configuration came with the HTML
    expect(requests.filter((p) => p.startsWith('/trpc/') && /registrations\.event|publicConfig/.test(p))).toEqual([]);
    expect(requests.some((p) => /^\/assets\/join-page-[\w-]+\.js$/.test(p))).toBe(true);
    await snap(page, 'register-first-paint-phone');
    expect(errors).toEqual([]);
  });

  test('without JavaScript the served page already shows the title, the date and the place', async () => {
    const { server, page } = await harness.open({ viewport: PHONE, javaScriptEnabled: false });
    const { event } = await organiserEvent(server, {
      name: "Tom & Jerry's Summer Meetup",
      venue: "Hall A & B (Tom's)",
    });
    await page.goto(`/register/${event.id}`);
    const title = page.getByRole('heading', { level: 1, name: M.attendees.joinTitle("Tom & Jerry's Summer Meetup") });
    await visible(title);
    await visible(page.getByText("Hall A & B (Tom's), Leeds"));
    await visible(page.getByText(/, 18:00-21:00$/));
    // drawn with the theme: the title is bold and centred, the date dimmed
    expect(await title.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(await title.evaluate((el) => getComputedStyle(el).textAlign)).toBe('center');
    // and says, above the title, why the form does not follow
    const notice = page.getByRole('alert').filter({ hasText: 'This page needs JavaScript.' });
    await visible(notice);
    expect((await notice.boundingBox())?.y).toBeLessThan((await title.boundingBox())?.y ?? 0);
    await snap(page, 'register-first-paint-no-js-phone');
    // an unknown event: nothing is drawn, the page's own message comes with its scripts
    await page.goto(`/register/${event.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`);
    expect(await page.locator('#root').innerHTML()).toBe('');
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
