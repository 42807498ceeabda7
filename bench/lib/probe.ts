import { percentile } from './stats';

/**
 * What an app process measured about itself during a rush (bench/lib/app-process.ts): a query through
 * each pool timed every 100 ms, and the event loop's delay.
 */
export type Probe = { queryMs: number[]; liveQueryMs: number[]; loopP99Ms: number; loopMaxMs: number };

/** A probe's figures for a row's details. */
export const probeFigures = (p: Probe | undefined) =>
  p
    ? {
        queryP50Ms: percentile(p.queryMs, 50),
        queryP99Ms: percentile(p.queryMs, 99),
        queryMaxMs: p.queryMs.length ? Math.max(...p.queryMs) : Number.NaN,
        liveQueryP50Ms: percentile(p.liveQueryMs, 50),
        liveQueryP99Ms: percentile(p.liveQueryMs, 99),
        loopP99Ms: p.loopP99Ms,
        loopMaxMs: p.loopMaxMs,
      }
    : undefined;
