import { wallNow } from './child';
import { concatLatencies, latencySummary, packedLatencyLog } from './fanout';
import { createJoiner, joinBody, sendOnSchedule } from './joins';
import { type Probe, probeFigures } from './probe';
import { cpuBetween, type Usage } from './servers';
import { sleep, until, within } from './stats';
import { loopbackAddresses, openSubscribers, type SubscriberPool } from './subscribers';

// B9's measurement (bench/b9-pg-fan-out.ts): one rush of joins to process A while subscribers follow the
// event on A and on B; run once against the app's two processes and once against the floor's.

const SOURCES = 50;
const SAMPLE = 10; // per process
const GAP_MS = 250; // after the warm-up, as B3: a change sooner would wait for the batch window

export type Target = {
  /** The process the joins go to (A), then the other (B). */
  urls: [string, string];
  path: string;
  registrations: () => Promise<{ ids: string[] }>;
  onPublish: (listener: (seqs: number[], t: number) => void) => void;
  usage: [() => Promise<Usage>, () => Promise<Usage>];
  pgCpuMs: () => number;
  /** The app's processes only: a query timed every 100 ms and the event loop's delay, during the rush. */
  probes?: { start: () => Promise<unknown>; stop: () => Promise<Probe | undefined> }[];
};

export async function rush(target: Target, eventId: string, times: number[], photo: Buffer, subscribers: number) {
  const joiner = createJoiner({ url: target.urls[0], path: target.path, localAddresses: loopbackAddresses(SOURCES) });
  const logs = [packedLatencyLog(), packedLatencyLog()];
  target.onPublish((seqs, t) => {
    for (const log of logs) log.published(seqs, t);
  });
  let counting = false;
  const pools: SubscriberPool[] = [];
  try {
    for (const side of [0, 1]) {
      const pool = await openSubscribers({
        url: target.urls[side],
        eventId,
        // from the log's start (it is empty until the warm-up), as a page subscribes from its cursor: tRPC's
        // "started" comes before the subscription has read where it starts, so one that reads it after the
        // warm-up's commit would otherwise never get the warm-up and count as missing it
        lastEventId: '0',
        count: subscribers / 2,
        sample: SAMPLE,
        onData: (seq, t) => {
          if (counting) logs[side].arrived(seq, t);
        },
      });
      pools.push(pool);
      if (!pool.allStarted()) throw new Error(`not every subscriber on ${'AB'[side]} started`);
    }
    const subs = pools.flatMap((p) => p.subs);
    const warm = await joiner.send(joinBody(eventId, photo, times.length), 0);
    if (!warm.ok) throw new Error(`warm-up join failed: ${warm.status} ${warm.error}`);
    const warmedUp = await until(() => subs.every((s) => s.changes >= 1), 15_000);
    await sleep(GAP_MS);
    counting = true;

    const bodies = times.map((_, n) => joinBody(eventId, photo, n));
    const usageBefore = await Promise.all(target.usage.map((u) => u()));
    const pgBefore = target.pgCpuMs();
    const driverBefore = process.cpuUsage();
    await Promise.all((target.probes ?? []).map((p) => p.start()));
    const { pending, late, start } = await sendOnSchedule(joiner, bodies, times);
    const results = await within(Promise.all(pending), 120_000);
    if (!results) throw new Error('joins still unanswered 120 s after the last was sent');
    const doneMs = wallNow() - start;
    const ok = results.filter((r) => r.ok);
    const { ids } = await target.registrations();
    await until(() => subs.every((s) => s.changes >= ids.length), 30_000);
    const deliveredMs = wallNow() - start;
    const usageAfter = await Promise.all(target.usage.map((u) => u()));
    const pgCpu = target.pgCpuMs() - pgBefore;
    const driverCpu = process.cpuUsage(driverBefore);
    const probed = await Promise.all((target.probes ?? []).map((p) => p.stop()));
    counting = false;

    const inDb = new Set(ids);
    const side = (pool: SubscriberPool) => {
      let missed = 0;
      let sampleMissing = 0;
      for (const s of pool.subs) missed += Math.max(0, ids.length - s.changes);
      for (const s of pool.subs.filter((x) => x.items)) {
        const got = new Set((s.items ?? []).filter((i) => i.kind === 'joined').map((i) => i.id));
        sampleMissing = Math.max(sampleMissing, [...inDb].filter((id) => !got.has(id)).length);
      }
      return {
        missed,
        sampleMissing,
        duplicated: pool.subs.reduce((a, s) => a + s.repeats, 0),
        notices: pool.subs.reduce((a, s) => a + (s.items ?? []).filter((i) => i.kind !== 'joined').length, 0),
        frames: pool.subs.reduce((a, s) => a + s.frames, 0) / pool.subs.length,
      };
    };
    const latencies = logs.map((l) => l.latencies());
    const cpuMsPerJoin = (i: number) => cpuBetween(usageBefore[i], usageAfter[i]) / 1000 / Math.max(1, ok.length);
    return {
      a: {
        ...latencySummary(latencies[0]),
        ...side(pools[0]),
        cpuMsPerJoin: cpuMsPerJoin(0),
        probe: probeFigures(probed[0]),
      },
      b: {
        ...latencySummary(latencies[1]),
        ...side(pools[1]),
        cpuMsPerJoin: cpuMsPerJoin(1),
        probe: probeFigures(probed[1]),
      },
      all: latencySummary(concatLatencies(latencies)),
      pgCpuMsPerJoin: pgCpu / Math.max(1, ok.length),
      driverCpuMsPerJoin: (driverCpu.user + driverCpu.system) / 1000 / Math.max(1, ok.length),
      warmedUp,
      errors: results.length - ok.length,
      lostJoins: ok.filter((r) => r.id && !inDb.has(r.id)).length,
      committed: ids.length,
      late,
      doneMs,
      deliveredMs,
      firstError: results.find((r) => !r.ok)?.error,
    };
  } finally {
    for (const pool of pools) await pool.close();
    joiner.close();
  }
}
