import { describe, expect, it } from 'vitest';
import { LIVE_DISPLAY } from './constants';
import { cardTextHeight, displayGrid, displayType, nextPage } from './display-grid';

type Area = { vw: number; vh: number; w: number; h: number };
const TV: Area = { vw: 1920, vh: 1080, w: 1856, h: 620 };
const grid = (a: Area, count: number, maxPageSize = 50) =>
  displayGrid({ viewportWidth: a.vw, viewportHeight: a.vh, width: a.w, height: a.h, count, maxPageSize });
const used = (g: ReturnType<typeof grid>) => ({
  width: g.columns * g.cardWidth + (g.columns - 1) * g.gap,
  height: g.rows * g.cardHeight + (g.rows - 1) * g.gap,
});

describe('displayType: type for a room', () => {
  it('1080p: names 36 px and headlines 24 px; scaled with the screen', () => {
    expect(displayType(1920, 1080)).toMatchObject({ name: 36, headline: 24 });
    expect(displayType(3840, 2160)).toMatchObject({ name: 72, headline: 48 });
    expect(displayType(1280, 720)).toMatchObject({ name: 24, headline: 16 });
    // the tighter side decides: a wide but short window is not given huge type
    expect(displayType(3840, 1080).name).toBe(36);
  });

  it('never below the minimums on a phone', () => {
    const t = displayType(390, 844);
    expect(t.name).toBe(LIVE_DISPLAY.NAME_MIN_PX);
    expect(t.headline).toBe(LIVE_DISPLAY.HEADLINE_MIN_PX);
  });
});

describe('displayGrid (spec §9 live display, sized for a TV)', () => {
  it('one attendee fills the area: the card takes the whole height', () => {
    const g = grid(TV, 1);
    expect(g.columns).toBe(1);
    expect(g.rows).toBe(1);
    expect(g.cardHeight).toBe(TV.h);
    expect(g.cardWidth / g.cardHeight).toBeLessThanOrEqual(LIVE_DISPLAY.CARD_ASPECT.MAX);
  });

  it('from 1 to a full page, the cards fill the height or the width of the area', () => {
    const full = grid(TV, 1000).pageSize;
    for (let n = 1; n <= full; n++) {
      const g = grid(TV, n);
      expect(g.columns * g.rows).toBeGreaterThanOrEqual(n);
      const u = used(g);
      expect(u.width).toBeLessThanOrEqual(TV.w);
      expect(u.height).toBeLessThanOrEqual(TV.h);
      // one side is filled to within a card's rounding
      expect(Math.max(u.width / TV.w, u.height / TV.h)).toBeGreaterThan(0.98);
    }
  });

  it('fewer cards are larger cards', () => {
    expect(grid(TV, 2).cardHeight).toBeGreaterThan(grid(TV, 12).cardHeight);
    expect(grid(TV, 1).cardWidth * grid(TV, 1).cardHeight).toBeGreaterThan(
      grid(TV, 4).cardWidth * grid(TV, 4).cardHeight,
    );
  });

  it('a full page keeps every card wide enough for its name type, within the column caps', () => {
    for (const a of [TV, { vw: 1280, vh: 720, w: 1240, h: 400 }, { vw: 3840, vh: 2160, w: 3712, h: 1240 }]) {
      const g = grid(a, 10_000);
      const t = displayType(a.vw, a.vh);
      expect(g.cardWidth).toBeGreaterThanOrEqual(t.name * LIVE_DISPLAY.CARD_MIN_NAME_CHARS);
      expect(g.cardWidth).toBeGreaterThanOrEqual(LIVE_DISPLAY.CARD_MIN_WIDTH_PX);
      expect(g.cardHeight).toBeGreaterThanOrEqual(LIVE_DISPLAY.CARD_MIN_HEIGHT_PX);
      expect(g.pageSize).toBe(g.columns * g.rows);
      expect(g.pageSize).toBeGreaterThanOrEqual(4);
      const cap = LIVE_DISPLAY.COLUMNS.find((c) => a.vw > c.minWidth)?.columns ?? Number.POSITIVE_INFINITY;
      expect(g.columns).toBeLessThanOrEqual(cap);
      expect(used(g).width).toBeLessThanOrEqual(a.w);
    }
  });

  it('two rows where two fit: a 1080p or 4K screen with its header, QR footer and safe margins', () => {
    // the grid areas the venue page leaves at these sizes (client/features/live/event-display-page.tsx)
    for (const a of [
      { vw: 1920, vh: 1080, w: 1786, h: 540 },
      { vw: 3840, vh: 2160, w: 3572, h: 1080 },
    ]) {
      const g = grid(a, 10_000);
      const t = displayType(a.vw, a.vh);
      expect(g.rows).toBe(2);
      expect(used(g).height).toBeLessThanOrEqual(a.h);
      // the text whole, and at least a name line of photo above it
      expect(g.cardHeight).toBeGreaterThanOrEqual(cardTextHeight(t) + t.name);
      expect(g.cardHeight).toBeGreaterThanOrEqual(LIVE_DISPLAY.CARD_MIN_HEIGHT_PX);
    }
    // where two cannot fit, one
    expect(grid({ vw: 1280, vh: 720, w: 1190, h: 300 }, 10_000).rows).toBe(1);
  });

  it('the page size does not depend on how many are shown (a request per page stays the same)', () => {
    const sizes = new Set([1, 3, 7, 50, 5000].map((n) => grid(TV, n).pageSize));
    expect(sizes.size).toBe(1);
  });

  it('at most 6 rows, and a page within one request', () => {
    expect(grid({ vw: 1080, vh: 1920, w: 1000, h: 5000 }, 1000).rows).toBeLessThanOrEqual(LIVE_DISPLAY.ROWS_MAX);
    expect(grid({ vw: 3840, vh: 2160, w: 3712, h: 1900 }, 1000, 8).pageSize).toBeLessThanOrEqual(8);
  });

  it('a phone: one column of 160 px or more', () => {
    const g = grid({ vw: 390, vh: 844, w: 358, h: 500 }, 20);
    expect(g.columns).toBeGreaterThanOrEqual(1);
    expect(g.cardWidth).toBeGreaterThanOrEqual(LIVE_DISPLAY.CARD_MIN_WIDTH_PX);
    expect(g.gap).toBe(LIVE_DISPLAY.GAP_MIN_PX);
  });
});

describe('nextPage', () => {
  it('steps through the pages and wraps to the first', () => {
    expect(nextPage(1, 3)).toBe(2);
    expect(nextPage(3, 3)).toBe(1);
    expect(nextPage(1, 1)).toBe(1);
    expect(nextPage(5, 2)).toBe(1); // the list shrank under the display
  });
});
