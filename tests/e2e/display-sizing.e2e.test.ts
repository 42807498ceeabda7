import { describe, expect, test } from 'vitest';
import { LIVE_DISPLAY } from '#shared/constants';
import { M } from '#shared/messages';
import { organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, PHONE, snap, visible } from '../helpers/browser';
import { seedAttendees } from '../helpers/display-seed';

// The venue display sized for a TV across a room, and the QR display for a tablet at the door.

const harness = browserHarness();
const SCREEN = { width: 1920, height: 1080 };
const SCREENS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
];

type Edges = { left: number; top: number; right: number; bottom: number };
/** Every box at least LIVE_DISPLAY.SAFE_AREA_SHARE of the screen from each edge: a TV that overscans crops that. */
function insideSafeArea(boxes: (Edges | undefined)[], screen: { width: number; height: number }) {
  const x = screen.width * LIVE_DISPLAY.SAFE_AREA_SHARE - 1;
  const y = screen.height * LIVE_DISPLAY.SAFE_AREA_SHARE - 1;
  for (const b of boxes) {
    expect(b).toBeDefined();
    if (!b) continue;
    expect(b.left).toBeGreaterThanOrEqual(x);
    expect(b.top).toBeGreaterThanOrEqual(y);
    expect(screen.width - b.right).toBeGreaterThanOrEqual(x);
    expect(screen.height - b.bottom).toBeGreaterThanOrEqual(y);
  }
}

describe('venue display sizes (spec §2 /event-display)', () => {
  test('sized for a TV at 720p, 1080p and 4K: the grid fills the screen, type and QR readable across a room', async () => {
    const { server, page, errors } = await harness.open({ viewport: SCREEN });
    const { event } = await organiserEvent(server, { name: 'Leeds Tech Social' });
    const joinCode = (await server.client().trpc.registrations.event.query({ eventId: event.id })).join_code;
    expect(joinCode).toMatch(/^[A-Z2-9]{7}$/);
    const px = (v: string) => Number.parseFloat(v);
    const measure = () =>
      page.evaluate(() => {
        const box = (el: Element | null) => el?.getBoundingClientRect();
        const font = (sel: string) => {
          const el = document.querySelector(sel);
          return el ? getComputedStyle(el).fontSize : '0';
        };
        const cards = [...document.querySelectorAll('[data-testid="display-card"]')].map((c) =>
          c.getBoundingClientRect(),
        );
        const main = box(document.querySelector('main'));
        return {
          cards: cards.length,
          cardsTop: Math.min(...cards.map((c) => c.top)),
          cardsBottom: Math.max(...cards.map((c) => c.bottom)),
          cardsLeft: Math.min(...cards.map((c) => c.left)),
          cardsRight: Math.max(...cards.map((c) => c.right)),
          mainTop: main?.top ?? 0,
          mainBottom: main?.bottom ?? 0,
          mainWidth: main?.width ?? 0,
          name: font('[data-testid="display-name"]'),
          headline: font('[data-testid="display-headline"]'),
          qr: box(document.querySelector('[data-testid="display-qr"] canvas'))?.height ?? 0,
          address: font('[data-testid="display-join-address"]'),
          addressText: document.querySelector('[data-testid="display-join-address"]')?.textContent ?? '',
          scrollHeight: document.documentElement.scrollHeight,
          // what must stay on a TV that overscans: the QR code, the count, the title, the page dots (when
          // there is more than one page)
          edges: [
            document.querySelector('[data-testid="display-qr"]'),
            document.querySelector('[data-testid="display-count"]')?.parentElement ?? null,
            document.querySelector('h1'),
            ...[document.querySelector('[data-testid="display-pages"]')].filter(Boolean),
          ].map((el) => {
            const r = el?.getBoundingClientRect();
            return r && { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
          }),
        };
      });
    const fills = (m: Awaited<ReturnType<typeof measure>>) =>
      Math.max((m.cardsBottom - m.cardsTop) / (m.mainBottom - m.mainTop), (m.cardsRight - m.cardsLeft) / m.mainWidth);

    /** The display opened at each TV size, with the size's scale against 1080p. */
    const atEachScreen = async (check: (screen: { width: number; height: number }, scale: number) => Promise<void>) => {
      for (const screen of SCREENS) {
        await page.setViewportSize(screen);
        await page.goto(`/event-display/${event.id}`);
        await check(screen, Math.min(screen.width / 1920, screen.height / 1080));
      }
    };

    await seedAttendees(server, event.id, 3, { headline: 'Organiser at Leeds Tech' });
    await atEachScreen(async (screen, scale) => {
      await expect.poll(() => page.getByTestId('display-card').count()).toBe(3);
      await expect.poll(async () => fills(await measure())).toBeGreaterThan(0.9);
      const m = await measure();
      expect(px(m.name)).toBeGreaterThanOrEqual(36 * scale);
      expect(px(m.headline)).toBeGreaterThanOrEqual(24 * scale);
      expect(m.qr).toBeGreaterThanOrEqual(0.22 * screen.height);
      expect(px(m.address)).toBeGreaterThanOrEqual(36 * scale);
      expect(m.addressText).toBe(`${new URL(server.url).host}/j/${joinCode}`);
      expect(m.scrollHeight).toBeLessThanOrEqual(screen.height);
      insideSafeArea(m.edges, screen);
      await snap(page, `e2e-display-3-${screen.width}`);
    });

    // seven at 1080p: two rows, the short one centred under the full one
    await seedAttendees(server, event.id, 4, { headline: 'Here for the talks' });
    await page.setViewportSize(SCREEN);
    await page.goto(`/event-display/${event.id}`);
    await expect.poll(() => page.getByTestId('display-card').count()).toBe(7);
    const rowsOf = async () => {
      const boxes = await page.getByTestId('display-card').evaluateAll((cards) =>
        cards.map((c) => {
          const r = c.getBoundingClientRect();
          return { top: Math.round(r.top), left: r.left, right: r.right };
        }),
      );
      const tops = [...new Set(boxes.map((b) => b.top))].sort((x, y) => x - y);
      return tops.map((top) => boxes.filter((b) => b.top === top));
    };
    const middle = (row: { left: number; right: number }[]) =>
      (Math.min(...row.map((b) => b.left)) + Math.max(...row.map((b) => b.right))) / 2;
    const seven = await rowsOf();
    expect(seven.length).toBe(2);
    expect(Math.abs(middle(seven[1]) - middle(seven[0]))).toBeLessThanOrEqual(2);

    // a full room: many pages, still the same type, the page filled
    await seedAttendees(server, event.id, 56, { headline: 'Here for the talks' });
    await atEachScreen(async (screen, scale) => {
      await visible(page.getByTestId('display-pages'));
      const m = await measure();
      expect(m.cards).toBeGreaterThanOrEqual(4);
      // spec §9 rows 2 to 6, where two fit (at 720p the type for a room leaves room for one)
      if (screen.height >= 1080) expect((await rowsOf()).length).toBeGreaterThanOrEqual(2);
      expect(fills(m)).toBeGreaterThan(0.9);
      expect(px(m.name)).toBeGreaterThanOrEqual(36 * scale);
      expect(px(m.headline)).toBeGreaterThanOrEqual(24 * scale);
      expect(m.scrollHeight).toBeLessThanOrEqual(screen.height);
      insideSafeArea(m.edges, screen);
      await snap(page, `e2e-display-full-${screen.width}`);
    });

    // the short address opens the registration page
    const res = await fetch(`${server.url}/j/${joinCode.toLowerCase()}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/register/${event.id}`);
    const unknown = await fetch(`${server.url}/j/ZZZZZZZ`, { redirect: 'manual' });
    expect(unknown.status).toBe(200); // the app's own "page not found"
    expect(errors).toEqual([]);
  });
});

describe('QR display (spec §2 /event-qr)', () => {
  test('name, date, start time, venue, the code and both lines, on a tablet and a phone', async () => {
    const { server, page, context } = await harness.open({ viewport: { width: 1024, height: 768 } });
    const { event } = await organiserEvent(server, { name: 'Harbour Talks', venue: 'Pier Hall', start_time: '18:30' });
    await page.goto(`/event-qr/${event.id}`);
    await visible(page.getByRole('heading', { name: 'Harbour Talks' }));
    await visible(page.getByText('18:30'));
    await visible(page.getByText('Pier Hall'));
    await visible(page.getByText(M.events.scanToJoin));
    await visible(page.getByText(M.events.registrationQuick));
    const qr = page.getByRole('img', { name: `QR code for ${server.url}/register/${event.id}` });
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThan(400); // big: most of the height of a landscape tablet
    // everything fits on the screen without scrolling
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);
    await snap(page, 'e2e-qr-tablet');
    await page.setViewportSize(PHONE);
    await visible(page.getByText(M.events.registrationQuick));
    await snap(page, 'e2e-qr-phone');
    await context.close();
  });
});
