import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { join } from '#server/features/registrations/registrations.service';
import { newId } from '#server/lib/ids';
import { LIVE_DISPLAY } from '#shared/constants';
import { formatLongDate } from '#shared/dates';
import { M } from '#shared/messages';
import { joinSchema } from '#shared/schemas/registrations';
import { apiJoin, organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import { browserHarness, hidden, snap, visible } from '../helpers/browser';
import { seedAttendees } from '../helpers/display-seed';
import { createClient } from '../helpers/server';

const harness = browserHarness();
const SCREEN = { width: 1920, height: 1080 };

/** A marker that a reload would wipe: the page must still hold it after the change arrives. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

describe('venue display (spec §2 /event-display)', () => {
  test('1920x1080: waits for attendees, then shows a new one without a reload, as one card filling the screen', async () => {
    const { server, page, errors } = await harness.open({ viewport: SCREEN });
    const { event } = await organiserEvent(server, { name: 'Leeds Tech Social' });

    await page.goto(`/event-display/${event.id}`);
    await visible(page.getByRole('heading', { name: 'Leeds Tech Social' }));
    // the header's date in full, e.g. "Sunday, 27 December 2026"
    await visible(page.getByText(formatLongDate(event.event_date), { exact: true }));
    await visible(page.getByText(M.events.waitingTitle));
    await visible(page.getByText(M.events.waitingBody));
    await visible(page.getByText(M.events.scanToJoin));
    expect(await page.getByTestId('display-count').textContent()).toBe('0');
    await markPage(page);

    await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace', headline: 'Analytical engines' });
    await visible(page.getByTestId('display-card').filter({ hasText: 'Ada Lovelace' }));
    await visible(page.getByText('Analytical engines'));
    await hidden(page.getByText(M.events.waitingTitle));
    expect(await page.getByTestId('display-count').textContent()).toBe('1');
    expect(await notReloaded(page)).toBe(true);

    // one attendee: the card takes the whole height between header and footer, and the footer ends on screen
    const main = await page.locator('main').boundingBox();
    const card = await page.getByTestId('display-card').first().boundingBox();
    expect(card?.height ?? 0).toBeGreaterThan((main?.height ?? 0) * 0.95);
    const footer = await page.locator('footer').boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(SCREEN.height + 1);
    await snap(page, 'e2e-display-1920');
    expect(errors).toEqual([]);
  });

  test('pages rotate with a fade, hold one page of cards at a time, and skip the fade for reduced motion', async () => {
    const { server, page, errors } = await harness.open({ viewport: SCREEN });
    const { event } = await organiserEvent(server);
    await page.clock.install();
    const apiSettled = trackApi(page);
    await page.goto(`/event-display/${event.id}`);
    await visible(page.getByText(M.events.waitingTitle));
    await markPage(page);
    // one card more than a page: read the page size from the screen, then seed it plus one
    await seedAttendees(server, event.id, 61);
    await apiJoin(server, event.id, { first_name: 'Newest', last_name: 'Arrival' });
    await visible(page.getByTestId('display-card').filter({ hasText: 'Newest Arrival' }));

    // the join itself lands at once; the refresh it triggers brings the seeded rows
    await expect.poll(() => page.getByTestId('display-card').count()).toBeGreaterThan(1);
    const perPage = await page.getByTestId('display-card').count();
    expect(perPage).toBeLessThan(62); // a page, not the whole room
    const pages = Math.ceil(62 / perPage);
    await visible(page.getByTestId('display-pages'));
    const grid = page.getByTestId('display-grid');
    expect(await grid.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe(
      `${LIVE_DISPLAY.FADE_MS / 1000}s`,
    );

    // The clock moves in steps of 100 ms, and after each step the page gets to render (a message-channel
    // round trip queues behind React's own): a fade-out and its fade-in are never run in one go, however
    // busy the machine. Every rotation and fade length is a multiple of the step, so the recorded times
    // keep their exact spacing.
    const STEP_MS = 100;
    const rendered = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(null);
            channel.port2.postMessage(0);
          }),
      );
    // From here the page's time moves only when the test moves it; a fade a tick of the running clock may
    // have begun is finished first, so the record starts between two pages.
    const pausedAt = await page.evaluate(() => Date.now() + 1_000);
    await page.clock.pauseAt(pausedAt);
    // A change is recorded at its timer's time or at the end of the step it fell in (wherever React
    // renders it): both read as the step's end, the resolution the test moves the clock at.
    const onStep = (t: number) => pausedAt + Math.ceil((t - pausedAt) / STEP_MS) * STEP_MS;
    for (let t = 0; t < LIVE_DISPLAY.FADE_MS; t += STEP_MS) {
      await page.clock.runFor(STEP_MS);
      await rendered();
    }

    // Record every fade and page change with the page's (fake) clock, then let the clock run through a
    // full round: spec §4, every 6000 ms the next page after an 800 ms fade, the last wrapping to the first.
    await page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('[data-testid="display-grid"]');
      const log: { t: number; opacity: string; names: string[] }[] = [];
      (window as unknown as { __rotation: typeof log }).__rotation = log;
      const record = () =>
        log.push({
          t: Date.now(),
          opacity: grid?.style.opacity ?? '',
          names: [...(grid?.querySelectorAll('[data-testid="display-card"]') ?? [])].map((c) => c.textContent ?? ''),
        });
      if (grid)
        new MutationObserver(record).observe(grid, { attributes: true, attributeFilter: ['style'], childList: true });
    });
    const rotation = () =>
      page.evaluate(
        () => (window as unknown as { __rotation: { t: number; opacity: string; names: string[] }[] }).__rotation,
      );
    // One page at a time, letting each page's prefetch of the next come back first (a real screen has 6 s
    // for it; the fake clock would otherwise run the round faster than the server can answer).
    // one round more than there are pages: wherever it starts, the last page and then the first are seen
    for (let i = 0; i <= pages; i++) {
      await apiSettled();
      for (let t = 0; t < LIVE_DISPLAY.ROTATE_MS + LIVE_DISPLAY.FADE_MS; t += STEP_MS) {
        await page.clock.runFor(STEP_MS);
        await rendered();
      }
    }
    await expect
      .poll(async () => (await rotation()).filter((e) => e.opacity === '0').length)
      .toBeGreaterThanOrEqual(pages);

    const log = await rotation();
    const fadesOut = log.filter((e, i) => e.opacity === '0' && log[i - 1]?.opacity !== '0').map((e) => onStep(e.t));
    const fadesIn = log.filter((e, i) => e.opacity === '1' && log[i - 1]?.opacity === '0').map((e) => onStep(e.t));
    for (let i = 1; i < fadesOut.length; i++) expect(fadesOut[i] - fadesOut[i - 1]).toBe(LIVE_DISPLAY.ROTATE_MS);
    for (let i = 0; i < fadesIn.length; i++) expect(fadesIn[i] - fadesOut[i]).toBe(LIVE_DISPLAY.FADE_MS);
    // the pages shown, in order: never more than a page of cards; the oldest on the last; then the first again
    const shown = log.filter((e) => e.opacity === '1' && e.names.length > 0).map((e) => e.names);
    expect(Math.max(...shown.map((names) => names.length))).toBeLessThanOrEqual(perPage);
    const last = shown.findIndex((names) => names.some((n) => n.includes('Guest00 Seeded')));
    expect(last).toBeGreaterThan(-1);
    expect(shown.slice(last + 1).some((names) => names[0]?.includes('Newest Arrival'))).toBe(true);

    // prefers-reduced-motion: the page changes without a fade
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => grid.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    const before = (await rotation()).length;
    const firstCard = () => page.getByTestId('display-card').first().textContent();
    const was = await firstCard();
    await page.clock.runFor(LIVE_DISPLAY.ROTATE_MS + 10);
    await expect.poll(firstCard).not.toBe(was);
    expect((await rotation()).slice(before).some((e) => e.opacity === '0')).toBe(false);
    expect(await notReloaded(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('an unknown event reads "Event not found"', async () => {
    const { page } = await harness.open({ viewport: SCREEN });
    await page.goto(`/event-display/${newId()}`);
    await visible(page.getByText(M.events.notFound, { exact: true }));
    await page.goto(`/event-qr/${newId()}`);
    await visible(page.getByText(M.events.notFound, { exact: true }));
  });

  test('survives a server restart and shows a join made while it was reconnecting', async () => {
    const { server, page, errors } = await harness.open({ viewport: SCREEN });
    const { event } = await organiserEvent(server);
    await page.goto(`/event-display/${event.id}`);
    await apiJoin(server, event.id, { first_name: 'Before', last_name: 'Restart' });
    await visible(page.getByText('Before Restart'));
    await markPage(page);
    // The list may have loaded with the first join in it: a second one, shown without a reload, proves the
    // live subscription is running before the server goes (the socket's code loads on demand).
    await apiJoin(server, event.id, { first_name: 'Live', last_name: 'Already' });
    await visible(page.getByText('Live Already'));

    // stop the app (the harness removes the data folder after the test) and start a new one on it
    const port = Number(new URL(server.url).port);
    await server.app.close();
    await visible(page.getByText('Reconnecting…'));
    const config = loadConfig({
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
    });
    const again = await createApp(config);
    try {
      // the join is committed before the new server takes a connection: only a replay can show it
      const photo = (
        await sharp(await photoJpeg('#12b886', 400))
          .jpeg()
          .toBuffer()
      ).toString('base64');
      await join(
        again.deps,
        '127.0.0.1',
        joinSchema.parse({
          eventId: event.id,
          token: crypto.randomUUID(),
          first_name: 'During',
          last_name: 'Restart',
          photo,
        }),
      );
      expect(await page.getByText('During Restart').count()).toBe(0);
      await again.listen(port, '127.0.0.1');

      await page.getByText('During Restart').waitFor({ state: 'visible', timeout: 20_000 });
      await hidden(page.getByText('Reconnecting…'));
      expect(await page.getByTestId('display-count').textContent()).toBe('3');
      expect(await notReloaded(page)).toBe(true);

      // and it follows live again afterwards
      const c = createClient(`http://127.0.0.1:${port}`);
      const photo2 = (
        await sharp(await photoJpeg('#fa5252', 400))
          .jpeg()
          .toBuffer()
      ).toString('base64');
      await c.trpc.registrations.join.mutate({
        eventId: event.id,
        token: crypto.randomUUID(),
        first_name: 'After',
        last_name: 'Restart',
        photo: photo2,
      });
      c.close();
      await visible(page.getByText('After Restart'));
      expect(errors).toEqual([]);
    } finally {
      await again.close();
    }
  });
});

function trackApi(page: Page) {
  let inflight = 0;
  const isApi = (r: { url(): string }) => r.url().includes('/trpc/');
  page.on('request', (r) => {
    if (isApi(r)) inflight += 1;
  });
  const done = (r: { url(): string }) => {
    if (isApi(r)) inflight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /** Resolves once no request has been in flight for five polls in a row (a busy machine issues them late). */
  return async function settled() {
    let quiet = 0;
    await expect
      .poll(
        () => {
          quiet = inflight === 0 ? quiet + 1 : 0;
          return quiet;
        },
        { interval: 100 },
      )
      .toBeGreaterThanOrEqual(5);
  };
}
