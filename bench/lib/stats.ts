/** Percentile (nearest rank) of an unsorted list; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const round = (n: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` or `capMs` passes; returns whether it became true. */
export async function until(done: () => boolean, capMs: number, stepMs = 20): Promise<boolean> {
  const end = Date.now() + capMs;
  while (!done()) {
    if (Date.now() > end) return false;
    await sleep(stepMs);
  }
  return true;
}

/** `p`, or undefined when it has not settled within `ms` (the timer does not keep the process alive). */
export function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p, cap]).finally(() => clearTimeout(timer));
}
