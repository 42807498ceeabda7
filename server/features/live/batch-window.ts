import { LIVE } from '../../constants';

/**
 * When the feed reads again after a bell (LIVE.BATCH_*). A bell after a quiet spell (the base window
 * since the last hand-over) is read at once; one inside the window waits for its end. The window is
 * BATCH_FANOUT_SHARE⁻¹ × the typical hand-over time: the median of the last BATCH_COST_SAMPLES, so one
 * slow hand-over (a cold first fan-out, a collection mid-write) does not hold the next change back
 * for four times its length; a rush, where every hand-over is slow, still widens it. After a quiet
 * spell of BATCH_WINDOW_MAX_MS the rush's costs are forgotten.
 */
export class BatchWindow {
  private readonly costs: number[] = new Array(LIVE.BATCH_COST_SAMPLES).fill(0);
  private next = 0;
  private lastSentAt = Number.NEGATIVE_INFINITY;

  /** Milliseconds to wait, at `now`, before reading for a bell that rang then (0: at once). */
  wait(now: number): number {
    const since = now - this.lastSentAt;
    return since >= LIVE.BATCH_WINDOW_MS ? 0 : this.size() - since;
  }

  /** A batch was handed to every subscriber between `start` and `end` (deps.liveTimer.now()). */
  handedOver(start: number, end: number) {
    // after a quiet spell longer than any window, what a past rush cost says nothing about now
    if (start - this.lastSentAt >= LIVE.BATCH_WINDOW_MAX_MS) this.costs.fill(0);
    this.lastSentAt = end;
    this.costs[this.next] = end - start;
    this.next = (this.next + 1) % this.costs.length;
  }

  /** The window's length now, in milliseconds. */
  size(): number {
    const sorted = [...this.costs].sort((a, b) => a - b);
    const typical = sorted[sorted.length >> 1];
    return Math.min(LIVE.BATCH_WINDOW_MAX_MS, Math.max(LIVE.BATCH_WINDOW_MS, typical / LIVE.BATCH_FANOUT_SHARE));
  }
}
