import type { Bench } from './lib/bench';
import { wallNow } from './lib/child';
import { concatLatencies, latencySummary, packedLatencyLog } from './lib/fanout';
import { createJoiner, type JoinResult, joinBody, photoPart } from './lib/joins';
import { durable, startBenchPg } from './lib/pg';
import { benchPhoto } from './lib/photo';
import { type Probe, probeFigures } from './lib/probe';
import { cpuBetween, startApp, startPgJoinFloor, type Usage } from './lib/servers';
import { round, sleep, until, within } from './lib/stats';
import { loopbackAddresses, openSubscribers, type SubscriberPool } from './lib/subscribers';

/**
 * B9 fan-out across processes: two app processes (A and B) on one throwaway PostgreSQL, as two servers
 * behind one address run. A 200 joins/s spike of real `registrations.join` calls (the ~100 KB photo, open
 * loop from 50 loopback addresses, as B2 sends them) goes to A only, while `subscribers` raw WebSockets
 * follow live.onEvent as B3's do, half on A and half on B. A's publish (right after each join's commit,
 * as B3 stamps it) is the start; a subscriber's arrival stamp the end, so B's figure includes the
 * NOTIFY, B's read of the log and B's fan-out. Missed: (subscriber, committed change) pairs never
 * received, counted on every subscriber and checked id by id on a sample of each side; duplicated:
 * changes received again (or out of order). A warm-up join, delivered everywhere before the rush, is not
 * counted.
 * Floor, measured in the same run and the same way: bench/floor/pg-join-floor.ts twice on its own
 * database of the same server, the joins' process NOTIFYing each change in its transaction and both
 * LISTENing; each sends the changes it hears to its sockets with no database read, batched in 50 ms.
 */
const FULL = {
  phases: [
    { s: 5, rate: 20 },
    { s: 10, rate: 200 },
    { s: 5, rate: 20 },
  ],
  subscribers: 1_000,
};
const QUICK = {
  phases: [
    { s: 2, rate: 20 },
    { s: 2, rate: 200 },
    { s: 2, rate: 20 },
  ],
  subscribers: 250,
};
const SOURCES = 50;
const SAMPLE = 10; // per process
const GAP_MS = 250; // after the warm-up, as B3: a change sooner would wait for the batch window

type Target = {
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

async function rush(target: Target, eventId: string, times: number[], photo: Buffer, subscribers: number) {
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
    const pending: Promise<JoinResult>[] = [];
    let late = 0;
    const usageBefore = await Promise.all(target.usage.map((u) => u()));
    const pgBefore = target.pgCpuMs();
    const driverBefore = process.cpuUsage();
    await Promise.all((target.probes ?? []).map((p) => p.start()));
    const start = wallNow();
    for (let n = 0; n < times.length; n++) {
      const wait = start + times[n] - wallNow();
      if (wait > 1) await sleep(wait);
      else if (wait < -50) late++;
      pending.push(joiner.send(bodies[n], n));
    }
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

export const b9: Bench = {
  id: 'B9',
  name: 'fan-out across two processes on PostgreSQL',
  async run({ quick }) {
    const plan = quick ? QUICK : FULL;
    const times: number[] = [];
    let t0 = 0;
    for (const p of plan.phases) {
      const n = Math.round(p.s * p.rate);
      for (let i = 0; i < n; i++) times.push(t0 + (i * 1000) / p.rate);
      t0 += p.s * 1000;
    }
    const photo = photoPart((await benchPhoto()).toString('base64'));
    const pg = await startBenchPg();
    let fig: Awaited<ReturnType<typeof rush>>;
    let floorFig: Awaited<ReturnType<typeof rush>>;
    try {
      const appDb = await pg.createDatabase('roomlist');
      const floorDb = await pg.createDatabase('floor');
      let eventId: string;
      const a = await startApp({ databaseUrl: appDb, stamp: true });
      try {
        const b = await startApp({ databaseUrl: appDb });
        try {
          ({ eventId } = await a.seed());
          fig = await rush(
            {
              urls: [a.url, b.url],
              path: '/trpc/registrations.join',
              registrations: () => a.registrations(eventId),
              onPublish: a.onPublish,
              usage: [a.usage, b.usage],
              pgCpuMs: pg.cpuMs,
              probes: [
                { start: a.startProbe, stop: a.stopProbe },
                { start: b.startProbe, stop: b.stopProbe },
              ],
            },
            eventId,
            times,
            photo,
            plan.subscribers,
          );
        } finally {
          await b.stop();
          b.removeData();
        }
      } finally {
        await a.stop();
        a.removeData();
      }
      const fa = await startPgJoinFloor({ databaseUrl: floorDb, eventId, notify: true, listen: true });
      try {
        const fb = await startPgJoinFloor({ databaseUrl: floorDb, eventId, listen: true });
        try {
          floorFig = await rush(
            {
              urls: [fa.url, fb.url],
              path: '/join',
              registrations: fa.registrations,
              onPublish: fa.onPublish,
              usage: [fa.usage, fb.usage],
              pgCpuMs: pg.cpuMs,
            },
            eventId,
            times,
            photo,
            plan.subscribers,
          );
        } finally {
          await fb.stop();
        }
      } finally {
        await fa.stop();
      }
    } finally {
      await pg.stop();
    }
    const worstP99 = Math.max(fig.a.p99, fig.b.p99, fig.all.p99);
    const missed = fig.a.missed + fig.b.missed + fig.lostJoins;
    const sampleMissing = Math.max(fig.a.sampleMissing, fig.b.sampleMissing);
    const duplicated = fig.a.duplicated + fig.b.duplicated;
    const complete = fig.all.samples >= times.length * plan.subscribers;
    return {
      id: 'B9',
      name: this.name,
      value: round(fig.all.p99),
      unit: 'ms p99',
      target: 'p99 < 150 ms (A, B, all), 0 missed, 0 duplicated',
      pass: worstP99 < 150 && missed === 0 && sampleMissing === 0 && duplicated === 0 && fig.errors === 0 && complete,
      details: {
        joins: times.length,
        pgDurable: durable,
        subscribers: plan.subscribers,
        p50Ms: round(fig.all.p50),
        p95Ms: round(fig.all.p95),
        p99Ms: round(fig.all.p99),
        maxMs: round(fig.all.max),
        aP50Ms: round(fig.a.p50),
        aP99Ms: round(fig.a.p99),
        bP50Ms: round(fig.b.p50),
        bP99Ms: round(fig.b.p99),
        floorP50Ms: round(floorFig.all.p50),
        floorP99Ms: round(floorFig.all.p99),
        floorAP99Ms: round(floorFig.a.p99),
        floorBP99Ms: round(floorFig.b.p99),
        p99VsFloor: round(fig.all.p99 / floorFig.all.p99, 2),
        missed,
        missedOnA: fig.a.missed,
        missedOnB: fig.b.missed,
        sampleMissing,
        duplicated,
        notices: fig.a.notices + fig.b.notices,
        deliveries: fig.all.samples,
        committed: fig.committed,
        errors: fig.errors,
        floorErrors: floorFig.errors,
        floorMissed: floorFig.a.missed + floorFig.b.missed,
        floorDuplicated: floorFig.a.duplicated + floorFig.b.duplicated,
        framesPerSubscriberA: round(fig.a.frames),
        framesPerSubscriberB: round(fig.b.frames),
        floorFramesPerSubscriber: round((floorFig.a.frames + floorFig.b.frames) / 2),
        aCpuMsPerJoin: round(fig.a.cpuMsPerJoin, 2),
        bCpuMsPerJoin: round(fig.b.cpuMsPerJoin, 2),
        pgCpuMsPerJoin: round(fig.pgCpuMsPerJoin, 2),
        floorACpuMsPerJoin: round(floorFig.a.cpuMsPerJoin, 2),
        floorBCpuMsPerJoin: round(floorFig.b.cpuMsPerJoin, 2),
        floorPgCpuMsPerJoin: round(floorFig.pgCpuMsPerJoin, 2),
        driverCpuMsPerJoin: round(fig.driverCpuMsPerJoin, 2),
        floorDriverCpuMsPerJoin: round(floorFig.driverCpuMsPerJoin, 2),
        // what holds a change back in each app process during the rush: a query's wait (pool + round trip)
        // in the main pool and in the live feeds' (aLive…), the event loop's delay
        aQueryP50Ms: round(fig.a.probe?.queryP50Ms ?? Number.NaN),
        aQueryP99Ms: round(fig.a.probe?.queryP99Ms ?? Number.NaN),
        bQueryP99Ms: round(fig.b.probe?.queryP99Ms ?? Number.NaN),
        aLiveQueryP50Ms: round(fig.a.probe?.liveQueryP50Ms ?? Number.NaN),
        aLiveQueryP99Ms: round(fig.a.probe?.liveQueryP99Ms ?? Number.NaN),
        bLiveQueryP99Ms: round(fig.b.probe?.liveQueryP99Ms ?? Number.NaN),
        aLoopDelayP99Ms: round(fig.a.probe?.loopP99Ms ?? Number.NaN),
        aLoopDelayMaxMs: round(fig.a.probe?.loopMaxMs ?? Number.NaN),
        bLoopDelayP99Ms: round(fig.b.probe?.loopP99Ms ?? Number.NaN),
        lateSends: fig.late,
        floorLateSends: floorFig.late,
        lastAnswerSeconds: round(fig.doneMs / 1000),
        allDeliveredSeconds: round(fig.deliveredMs / 1000),
        ...(fig.warmedUp ? {} : { warmUpNotEverywhere: true }),
        ...(fig.firstError ? { firstError: fig.firstError.slice(0, 200) } : {}),
      },
    };
  },
};
