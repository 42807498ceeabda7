/**
 * Monotonic milliseconds and one-shot timers, for logic whose behaviour depends on elapsed time (the
 * live feed's batch window). The default is the process's own; tests pass `manualTimer()` and move it
 * by hand, so "within the window" never depends on how busy the machine is.
 */
export interface Timer {
  now(): number;
  after(ms: number, run: () => void): () => void;
}

export const systemTimer: Timer = {
  now: () => performance.now(),
  after(ms, run) {
    const t = setTimeout(run, ms);
    t.unref(); // a pending window or ping never keeps a stopping process alive
    return () => clearTimeout(t);
  },
};

/** A timer that stands still until `advance(ms)`, which runs every timer then due, in order. */
export function manualTimer(start = 0) {
  let t = start;
  let seq = 0;
  const due: { at: number; seq: number; run: () => void }[] = [];
  return {
    now: () => t,
    after(ms: number, run: () => void) {
      const entry = { at: t + Math.max(0, ms), seq: seq++, run };
      due.push(entry);
      return () => {
        const i = due.indexOf(entry);
        if (i >= 0) due.splice(i, 1);
      };
    },
    advance(ms: number) {
      const until = t + ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = due[0];
        if (!next || next.at > until) break;
        due.shift();
        t = next.at;
        next.run();
      }
      t = until;
    },
    /** Timers waiting now. */
    pending: () => due.length,
  };
}
