import { describe, expect, it } from 'vitest';
import { PRICES, REVENUE } from './constants';
import { formatPence, formatPrice, penceToPounds, poundsToPence, splitRevenue } from './money';

describe('formatPence (spec §9 en-GB, two decimals)', () => {
  it.each([
    [1000, '£10.00'],
    [123450, '£1,234.50'],
    [0, '£0.00'],
    [5, '£0.05'],
    [PRICES.ANNUAL_PENCE, '£500.00'],
  ])('%i → %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('spec example: £10 x 35 attendees = £350', () => {
    expect(formatPence(poundsToPence(10) * 35)).toBe('£350.00');
  });
});

describe('formatPrice (spec §5: 0 means free)', () => {
  it('shows Free for 0 and the amount otherwise', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(250)).toBe('£2.50');
  });
});

describe('poundsToPence', () => {
  it.each([
    [10, 1000],
    [19.99, 1999],
    [0.29, 29],
    [0, 0],
  ])('%d → %i', (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });
});

describe('penceToPounds (the price input shows pounds, step 0.01)', () => {
  it.each([
    [1000, 10],
    [1999, 19.99],
    [0, 0],
  ])('%i → %d and back', (pence, pounds) => {
    expect(penceToPounds(pence)).toBe(pounds);
    expect(poundsToPence(penceToPounds(pence))).toBe(pence);
  });
});

describe('splitRevenue (spec §1, §9: organiser 50%, platform 50%)', () => {
  it('splits an even amount in half', () => {
    expect(splitRevenue(35000)).toEqual({ organiser: 17500, platform: 17500 });
  });

  it('gives the odd penny to the platform', () => {
    expect(splitRevenue(1001)).toEqual({ organiser: 500, platform: 501 });
    expect(splitRevenue(1)).toEqual({ organiser: 0, platform: 1 });
  });

  it('always adds up to the amount', () => {
    for (const amount of [0, 1, 2, 3, 999, 1000, 12345]) {
      const { organiser, platform } = splitRevenue(amount);
      expect(organiser + platform).toBe(amount);
      expect(Number.isInteger(organiser)).toBe(true);
    }
  });

  it('uses the shares of the constants', () => {
    expect(REVENUE.ORGANISER_SHARE_PERCENT + REVENUE.PLATFORM_SHARE_PERCENT).toBe(100);
  });
});
