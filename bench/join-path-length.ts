/**
 * Not a row: `npx tsx bench/join-path-length.ts` prints what one join costs in latency with nothing else
 * going on (one join at a time, no subscribers), for the app and for B2's floor (bench/floor/join-floor.ts),
 * two rounds each, and the photo check alone (`stripJpeg`: the code-by-code walk of the coded data, on
 * this thread and through the worker the app uses). B2 compares p99s under a rush; this says how much of
 * its ratio is there before any queue forms (bench/README.md, "B2's path length").
 */
import { stripJpeg } from '../server/features/storage/jpeg-strip';
import { createJpegStripper } from '../server/features/storage/jpeg-strip-pool';
import { createJoiner, joinBody, photoPart } from './lib/joins';
import { benchPhoto } from './lib/photo';
import { startApp, startJoinFloor } from './lib/servers';
import { percentile, round } from './lib/stats';

const JOINS = 300;
const WARM_UP = 30;

const summary = (ms: number[]) => ({
  p10: round(percentile(ms, 10), 2),
  p50: round(percentile(ms, 50), 2),
  p90: round(percentile(ms, 90), 2),
});

/** `step` run `runs` times in a row; each run's time, the first WARM_UP left out. */
async function timed(runs: number, step: (n: number) => unknown) {
  const ms: number[] = [];
  for (let n = 0; n < runs; n++) {
    const t = performance.now();
    await step(n);
    if (n >= WARM_UP) ms.push(performance.now() - t);
  }
  return summary(ms);
}

async function oneAtATime(url: string, path: string, eventId: string, photo: Buffer) {
  const joiner = createJoiner({ url, path, localAddresses: ['127.0.0.1'] });
  try {
    return await timed(JOINS, async (n) => {
      const r = await joiner.send(joinBody(eventId, photo, n));
      if (!r.ok) throw new Error(r.error);
    });
  } finally {
    joiner.close();
  }
}

const bytes = await benchPhoto();
const photo = photoPart(bytes.toString('base64'));
for (let r = 0; r < 2; r++) {
  const app = await startApp();
  const { eventId } = await app.seed();
  const appMs = await oneAtATime(app.url, '/trpc/registrations.join', eventId, photo).finally(() => app.stop());
  const floor = await startJoinFloor(eventId);
  const floorMs = await oneAtATime(floor.url, '/join', eventId, photo).finally(() => floor.stop());
  console.log(
    `round ${r + 1}: join ms app ${JSON.stringify(appMs)} floor ${JSON.stringify(floorMs)} p50 ratio ${round(appMs.p50 / floorMs.p50, 2)}`,
  );
}
const cache = new Map();
console.log(`photo check ms, this thread: ${JSON.stringify(await timed(JOINS, () => stripJpeg(bytes, cache)))}`);
const pool = createJpegStripper();
await pool.warm();
try {
  console.log(
    `photo check ms, through the worker: ${JSON.stringify(await timed(JOINS, () => pool.strip(Buffer.from(bytes))))}`,
  );
} finally {
  console.log(`  (checked on the worker / this thread: ${JSON.stringify(pool.counts())})`);
  await pool.close();
}
process.exit(0);
