import { percentile } from './stats';

/** Publish times by seq and arrival times by seq, from which commit → delivery latencies follow. */
export function latencyLog() {
  const published = new Map<number, number>();
  const arrivals: { seq: number; t: number }[] = [];
  return {
    published: (seqs: number[], t: number) => {
      for (const s of seqs) published.set(s, t);
    },
    arrived: (seq: string, t: number) => arrivals.push({ seq: Number(seq), t }),
    count: () => arrivals.length,
    /** p50/p95/p99/max over every (message, subscriber) pair whose publish time is known. */
    summary() {
      const ms: number[] = [];
      for (const a of arrivals) {
        const p = published.get(a.seq);
        if (p !== undefined) ms.push(a.t - p);
      }
      return {
        samples: ms.length,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        p99: percentile(ms, 99),
        max: ms.length ? Math.max(...ms) : Number.NaN,
      };
    },
  };
}
