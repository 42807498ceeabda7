import { describe, expect, it } from 'vitest';
import { LIVE_DISPLAY } from './constants';
import { displayGrid, nextPage } from './display-grid';

const grid = (viewportWidth: number, width: number, height: number, maxPageSize = 50) =>
  displayGrid({ viewportWidth, width, height, maxPageSize });

describe('displayGrid (spec §9 live display)', () => {
  it('a 1920x1080 screen: 10 columns (above 1600 px), the rows that fit, cards at least 160x200', () => {
    const g = grid(1920, 1856, 760);
    expect(g.columns).toBe(10);
    expect(g.gap).toBe(LIVE_DISPLAY.GAP_MAX_PX);
    expect(g.rows).toBe(3);
    expect(g.cardHeight).toBeGreaterThanOrEqual(LIVE_DISPLAY.CARD_MIN_HEIGHT_PX);
    // the rows fill the area: no more than one gap of slack
    expect(g.rows * g.cardHeight + (g.rows - 1) * g.gap).toBeGreaterThan(760 - g.rows);
    expect((1856 - 9 * g.gap) / 10).toBeGreaterThanOrEqual(LIVE_DISPLAY.CARD_MIN_WIDTH_PX);
    expect(g.pageSize).toBe(30);
  });

  it('each width band has its column cap: 12/10/8/6/4 above 2000/1600/1200/900/600', () => {
    expect(grid(2560, 4000, 900).columns).toBe(12);
    expect(grid(2000, 4000, 900).columns).toBe(10); // "above": 2000 itself is in the next band
    expect(grid(1601, 4000, 900).columns).toBe(10);
    expect(grid(1600, 4000, 900).columns).toBe(8);
    expect(grid(1200, 4000, 900).columns).toBe(6);
    expect(grid(900, 4000, 900).columns).toBe(4);
  });

  it('fewer columns than the cap when 160 px cards would not fit', () => {
    // 1300 px wide allows 8 by the table; 700 px of grid holds only 4 cards of 160 + gaps
    expect(grid(1300, 700, 900).columns).toBe(4);
  });

  it('a phone: the columns that fit, at least 2 rows even when the area is short', () => {
    const g = grid(390, 366, 300);
    expect(g.columns).toBe(2);
    expect(g.gap).toBe(LIVE_DISPLAY.GAP_MIN_PX);
    expect(g.rows).toBe(LIVE_DISPLAY.ROWS_MIN);
    expect(g.cardHeight).toBe(LIVE_DISPLAY.CARD_MIN_HEIGHT_PX);
  });

  it('at most 6 rows however tall the screen', () => {
    expect(grid(1080, 1000, 5000).rows).toBe(LIVE_DISPLAY.ROWS_MAX);
  });

  it('rows shrink to keep a page within one request', () => {
    const g = grid(2560, 2500, 1400, 50);
    expect(g.columns).toBe(12);
    expect(g.rows).toBe(4);
    expect(g.pageSize).toBeLessThanOrEqual(50);
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
