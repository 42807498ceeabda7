import { setImmediate as turn } from 'node:timers/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

// V8's collector, for tests of what a request leaves behind for the old generation (see
// docs/decisions/0025-request-values-die-young.md): a value that outlives one young-generation
// collection is moved to the old generation, and only a full collection frees it there.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (o?: { type: 'major' | 'minor' }) => void;

const used = (space: string) => v8.getHeapSpaceStatistics().find((s) => s.space_name === space)?.space_used_size ?? 0;

// A value the test process makes meanwhile (a database pool's own work, a timer) lands in the same heap;
// a leak shows in every try, such noise in few, so the least of several tries is the measure.
const TRIES = 5;

/** What `step` leaves in `space` per run once two young collections have passed: the least of the tries. */
async function leftPerRun(space: string, step: (n: number) => Promise<unknown>, runs: number, turnBetween: boolean) {
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    gc();
    gc();
    const before = used(space);
    for (let n = 0; n < runs; n++) {
      await step(n);
      await turn();
      gc({ type: 'minor' });
      if (turnBetween) await turn();
      gc({ type: 'minor' });
    }
    least = Math.min(least, (used(space) - before) / runs);
  }
  return least;
}

/**
 * Bytes that `step` leaves in the old generation's large-object space (values over 128 KB: a photo's
 * text), per run, once it is done and two young collections have passed: the least of five tries of
 * `runs` runs, so that an unrelated value the test process makes meanwhile does not count.
 */
export const largeValuesLeftPerRun = (step: (n: number) => Promise<unknown>, runs = 8) =>
  leftPerRun('large_object_space', step, runs, false);

/**
 * Bytes of ordinary (small) values that `step` leaves in the old generation per run, once it is done, the
 * event loop has turned and two young collections have passed: the least of five tries of `runs` runs.
 */
export const oldValuesLeftPerRun = (step: (n: number) => Promise<unknown>, runs = 20) =>
  leftPerRun('old_space', step, runs, true);
