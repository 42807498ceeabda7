import { setImmediate as turn } from 'node:timers/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

// V8's collector, for tests of what a request leaves behind for the old generation (see
// docs/decisions/0025-request-values-die-young.md): a value that outlives one young-generation
// collection is moved to the old generation, and only a full collection frees it there.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (o?: { type: 'major' | 'minor' }) => void;

const oldLargeObjects = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'large_object_space')?.space_used_size ?? 0;

/**
 * Bytes that `step` leaves in the old generation's large-object space (values over 128 KB: a photo's
 * text), per run, once it is done and two young collections have passed: the least of three tries of
 * `runs` runs, so that an unrelated value the test process makes meanwhile does not count.
 */
export async function largeValuesLeftPerRun(step: (n: number) => Promise<unknown>, runs = 8): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt++) {
    gc();
    gc();
    const before = oldLargeObjects();
    for (let n = 0; n < runs; n++) {
      await step(n);
      await turn();
      gc({ type: 'minor' });
      gc({ type: 'minor' });
    }
    least = Math.min(least, (oldLargeObjects() - before) / runs);
  }
  return least;
}

/**
 * Bytes of ordinary (small) values that `step` leaves in the old generation per run, once it is done, the
 * event loop has turned and two young collections have passed: the least of three tries of `runs` runs.
 */
export async function oldValuesLeftPerRun(step: (n: number) => Promise<unknown>, runs = 20): Promise<number> {
  const old = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt++) {
    gc();
    gc();
    const before = old();
    for (let n = 0; n < runs; n++) {
      await step(n);
      await turn();
      gc({ type: 'minor' });
      await turn();
      gc({ type: 'minor' });
    }
    least = Math.min(least, (old() - before) / runs);
  }
  return least;
}
