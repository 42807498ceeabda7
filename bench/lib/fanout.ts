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
    /**
     * p50/p95/p99/max over every (message, subscriber) pair whose publish time is known, and the
     * message whose median delivery was the latest (a change held back for everyone shows there).
     */
    summary() {
      const ms: number[] = [];
      const bySeq = new Map<number, number[]>();
      for (const a of arrivals) {
        const p = published.get(a.seq);
        if (p === undefined) continue;
        ms.push(a.t - p);
        const list = bySeq.get(a.seq) ?? [];
        list.push(a.t - p);
        bySeq.set(a.seq, list);
      }
      let worst = { seq: Number.NaN, p50: Number.NaN };
      for (const [seq, list] of bySeq) {
        const p50 = percentile(list, 50);
        if (!(p50 <= worst.p50)) worst = { seq, p50 };
      }
      return {
        worstMessageP50: worst.p50,
        samples: ms.length,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        p99: percentile(ms, 99),
        max: ms.length ? Math.max(...ms) : Number.NaN,
      };
    },
  };
}
