import { describe, expect, it } from 'vitest';
import { LIVE_CLIENT } from './constants';
import { reconnectDelayMs } from './live-retry';

describe('reconnectDelayMs: the live socket’s waits between tries', () => {
  const least = () => 0;
  const most = () => 1 - Number.EPSILON;

  it('tries at once, then after 1 s, doubling to the ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => reconnectDelayMs(a, most))).toEqual([
      0,
      1_000,
      2_000,
      4_000,
      8_000,
      LIVE_CLIENT.RETRY_MAX_MS,
      LIVE_CLIENT.RETRY_MAX_MS,
    ]);
  });

  it('draws each wait between half and all of its step, so a venue dropped together comes back spread', () => {
    expect([1, 2, 3, 4, 5].map((a) => reconnectDelayMs(a, least))).toEqual([500, 1_000, 2_000, 4_000, 5_000]);
    const waits = new Set(Array.from({ length: 50 }, () => reconnectDelayMs(1)));
    expect(waits.size).toBeGreaterThan(10);
    for (const w of waits) expect(w >= 500 && w <= 1_000).toBe(true);
  });
});
