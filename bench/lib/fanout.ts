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

/**
 * latencyLog for millions of (change, subscriber) pairs (B9: 2,200 changes × 1,000 subscribers): the
 * arrivals in growing typed arrays, so the load driver does not fill its heap and collect during the
 * measurement. `latencies()` can be merged across logs (one per server process) for an overall figure.
 */
export function packedLatencyLog(initial = 1 << 16) {
  const published = new Map<number, number>();
  let seqs = new Float64Array(initial);
  let times = new Float64Array(initial);
  let n = 0;
  return {
    published: (list: number[], t: number) => {
      for (const s of list) published.set(s, t);
    },
    arrived(seq: string, t: number) {
      if (n === seqs.length) {
        const grownSeqs = new Float64Array(n * 2);
        const grownTimes = new Float64Array(n * 2);
        grownSeqs.set(seqs);
        grownTimes.set(times);
        seqs = grownSeqs;
        times = grownTimes;
      }
      seqs[n] = Number(seq);
      times[n] = t;
      n++;
    },
    count: () => n,
    /** Commit → delivery (ms) of every arrival whose publish time is known. */
    latencies(): Float64Array {
      const out = new Float64Array(n);
      let k = 0;
      for (let i = 0; i < n; i++) {
        const p = published.get(seqs[i]);
        if (p !== undefined) out[k++] = times[i] - p;
      }
      return out.subarray(0, k);
    },
  };
}

/** p50/p95/p99/max of latencies (ms), sorted once. */
export function latencySummary(ms: Float64Array) {
  const sorted = Float64Array.from(ms).sort();
  const at = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
      : Number.NaN;
  return {
    samples: sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

export function concatLatencies(parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
