import { describe, expect, it } from 'vitest';
import { LIVE } from '../../constants';
import { BatchWindow } from './batch-window';

/** `n` hand-overs of `cost` ms each, back to back as in a rush (20 ms apart), the last one ending at `end`. */
function handOvers(w: BatchWindow, n: number, cost: number, end: number) {
  for (let i = n - 1; i >= 0; i--) w.handedOver(end - i * (cost + 20) - cost, end - i * (cost + 20));
}

describe('the live feed’s batch window', () => {
  it('reads at once before any hand-over and after a quiet spell of the base window', () => {
    const w = new BatchWindow();
    expect(w.wait(0)).toBe(0);
    w.handedOver(990, 1_000);
    expect(w.wait(1_000 + LIVE.BATCH_WINDOW_MS)).toBe(0);
    expect(w.wait(1_000 + 5_000)).toBe(0);
  });

  it('holds a bell inside the window until its end', () => {
    const w = new BatchWindow();
    w.handedOver(995, 1_000);
    expect(w.size()).toBe(LIVE.BATCH_WINDOW_MS);
    expect(w.wait(1_020)).toBe(LIVE.BATCH_WINDOW_MS - 20);
  });

  it('one slow hand-over (a cold start, a collection) does not widen the window', () => {
    const w = new BatchWindow();
    w.handedOver(1_000 - 30, 1_000); // 30 ms: four times that would be 120 ms
    expect(w.size()).toBe(LIVE.BATCH_WINDOW_MS);
    expect(w.wait(1_040)).toBe(LIVE.BATCH_WINDOW_MS - 40);
    handOvers(w, 2, 2, 3_000);
    w.handedOver(3_020, 3_080); // within the rush: a 60 ms one among cheap ones
    expect(w.size()).toBe(LIVE.BATCH_WINDOW_MS);
  });

  it('a rush, where hand-overs are typically slow, widens it to four times their cost, up to the maximum', () => {
    const w = new BatchWindow();
    handOvers(w, LIVE.BATCH_COST_SAMPLES, 30, 5_000);
    expect(w.size()).toBe(30 / LIVE.BATCH_FANOUT_SHARE);
    expect(w.wait(5_010)).toBe(30 / LIVE.BATCH_FANOUT_SHARE - 10);
    handOvers(w, LIVE.BATCH_COST_SAMPLES, 200, 9_000);
    expect(w.size()).toBe(LIVE.BATCH_WINDOW_MAX_MS);
    // and it narrows again once hand-overs are cheap
    handOvers(w, LIVE.BATCH_COST_SAMPLES, 3, 9_100); // still within the rush
    expect(w.size()).toBe(LIVE.BATCH_WINDOW_MS);
  });

  it('forgets a rush after a quiet spell: the next change after a lone one waits only the base window', () => {
    const w = new BatchWindow();
    handOvers(w, LIVE.BATCH_COST_SAMPLES, 60, 5_000);
    expect(w.size()).toBe(60 / LIVE.BATCH_FANOUT_SHARE);
    // an hour later a lone change goes at once and is cheap to hand over
    const later = 5_000 + 3_600_000;
    expect(w.wait(later)).toBe(0);
    w.handedOver(later, later + 2);
    expect(w.size()).toBe(LIVE.BATCH_WINDOW_MS);
    expect(w.wait(later + 22)).toBe(LIVE.BATCH_WINDOW_MS - 20);
  });
});
