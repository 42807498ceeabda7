import { describe, expect, it } from 'vitest';
import { LIVE_DISPLAY, PRICES, REVENUE } from './constants';

describe('constants (spec §9)', () => {
  it('platform share is 100 minus organiser share', () => {
    expect(REVENUE.PLATFORM_SHARE_PERCENT).toBe(100 - REVENUE.ORGANISER_SHARE_PERCENT);
  });

  it('prices in pence', () => {
    expect(PRICES.PAY_AS_YOU_GO_PENCE).toBe(1000);
    expect(PRICES.ANNUAL_PENCE).toBe(50000);
  });

  it('live display columns are ordered widest first', () => {
    const widths = LIVE_DISPLAY.COLUMNS.map((c) => c.minWidth);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(LIVE_DISPLAY.COLUMNS.map((c) => c.columns)).toEqual([12, 10, 8, 6, 4]);
  });
});
