import type { Bench } from './lib/bench';
import { photoPart } from './lib/joins';
import { durable, startBenchPg } from './lib/pg';
import { rush } from './lib/pg-fan-out-rush';
import { benchPhoto } from './lib/photo';
import { startApp, startPgJoinFloor } from './lib/servers';
import { round } from './lib/stats';

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
        }
      } finally {
        await a.stop();
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
