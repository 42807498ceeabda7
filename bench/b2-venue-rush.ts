import type { Bench } from './lib/bench';
import { wallNow } from './lib/child';
import { createJoiner, joinBody, photoPart, sendOnSchedule } from './lib/joins';
import { benchPhoto } from './lib/photo';
import { startApp, startJoinFloor } from './lib/servers';
import { percentile, round, until, within } from './lib/stats';
import { loopbackAddresses, openSubscribers } from './lib/subscribers';

/**
 * B2 venue rush: joins arrive on a schedule (open loop: a join is sent at its time whether or not the
 * earlier ones were answered), a steady trickle with a 200/s spike in the middle, each a real
 * `registrations.join` with the ~100 KB photo, from 50 loopback addresses (a venue's phones on mobile
 * data: each stays far under the 600 joins / 10 min per-IP ceiling), while `subscribers` raw WebSockets
 * watch the event through live.onEvent. Lost: a committed join (a row in the database) that a
 * subscriber never received; every subscriber's count is checked, and a sample's ids one by one.
 * The same rush, with the same bodies, subscribers and addresses, then goes to the bare floor
 * (bench/floor/join-floor.ts: join + one frame per join to every socket), so the row judges the app
 * against what this machine can do at that moment: p99 ≤ 2× the floor's, and < 300 ms whenever the
 * floor's own p99 is under 150 ms.
 */
const FULL = {
  phases: [
    { s: 20, rate: 25 },
    { s: 10, rate: 200 },
    { s: 30, rate: 500 / 30 },
  ],
  subscribers: 1_000,
};
const QUICK = {
  phases: [
    { s: 4, rate: 15 },
    { s: 1, rate: 200 },
    { s: 5, rate: 8 },
  ],
  subscribers: 250,
};
const SOURCES = 50;
const SAMPLE = 25;

type Target = {
  url: string;
  path: string;
  registrations: () => Promise<{ ids: string[] }>;
};

async function rush(target: Target, eventId: string, times: number[], photo: Buffer, subscribers: number) {
  const joiner = createJoiner({ url: target.url, path: target.path, localAddresses: loopbackAddresses(SOURCES) });
  let pool: Awaited<ReturnType<typeof openSubscribers>> | undefined;
  try {
    pool = await openSubscribers({ url: target.url, eventId, count: subscribers, sample: SAMPLE });
    if (!pool.allStarted()) throw new Error('not every subscriber started');
    const bodies = times.map((_, n) => joinBody(eventId, photo, n));
    const { pending, late, start } = await sendOnSchedule(joiner, bodies, times);
    const sentMs = wallNow() - start;
    const results = await within(Promise.all(pending), 120_000);
    if (!results) throw new Error('joins still unanswered 120 s after the last was sent');
    const doneMs = wallNow() - start;
    const ok = results.filter((r) => r.ok);
    const { ids } = await target.registrations();
    const subs = pool.subs;
    await until(() => subs.every((s) => s.changes >= ids.length), 30_000);
    const deliveredMs = wallNow() - start;
    const inDb = new Set(ids);
    const shortest = Math.min(...subs.map((s) => s.changes));
    let lost = Math.max(0, ids.length - shortest);
    for (const s of subs.slice(0, SAMPLE)) {
      const got = new Set((s.items ?? []).filter((i) => i.kind === 'joined').map((i) => i.id));
      lost = Math.max(lost, [...inDb].filter((id) => !got.has(id)).length);
    }
    const latencies = ok.map((r) => r.ms);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      errors: results.length - ok.length,
      lost: lost + ok.filter((r) => r.id && !inDb.has(r.id)).length,
      committed: ids.length,
      changesDelivered: subs.reduce((a, s) => a + s.changes, 0),
      framesDelivered: subs.reduce((a, s) => a + s.frames, 0),
      sentMs,
      doneMs,
      deliveredMs,
      late,
      firstError: results.find((r) => !r.ok)?.error,
    };
  } finally {
    await pool?.close();
    joiner.close();
  }
}

export const b2: Bench = {
  id: 'B2',
  name: 'venue rush (joins while subscribers watch)',
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
    const app = await startApp();
    let eventId: string;
    let fig: Awaited<ReturnType<typeof rush>>;
    try {
      ({ eventId } = await app.seed());
      fig = await rush(
        { url: app.url, path: '/trpc/registrations.join', registrations: () => app.registrations(eventId) },
        eventId,
        times,
        photo,
        plan.subscribers,
      );
    } finally {
      await app.stop();
    }
    const floor = await startJoinFloor(eventId);
    let floorFig: Awaited<ReturnType<typeof rush>>;
    try {
      floorFig = await rush(
        { url: floor.url, path: '/join', registrations: floor.registrations },
        eventId,
        times,
        photo,
        plan.subscribers,
      );
    } finally {
      await floor.stop();
    }
    const ratio = fig.p99 / floorFig.p99;
    const withinFloor = ratio <= 2 && (floorFig.p99 >= 150 || fig.p99 < 300);
    return {
      id: 'B2',
      name: this.name,
      value: round(fig.p99),
      unit: 'ms p99',
      target: 'p99 ≤ 2× floor (< 300 ms when floor < 150 ms), 0 errors, 0 lost',
      pass: withinFloor && fig.errors === 0 && fig.lost === 0,
      details: {
        joins: times.length,
        p50Ms: round(fig.p50),
        p99Ms: round(fig.p99),
        maxMs: round(fig.max),
        floorP50Ms: round(floorFig.p50),
        floorP99Ms: round(floorFig.p99),
        p99VsFloor: round(ratio, 2),
        errors: fig.errors,
        lost: fig.lost,
        committed: fig.committed,
        floorErrors: floorFig.errors,
        floorLost: floorFig.lost,
        subscribers: plan.subscribers,
        changesDelivered: fig.changesDelivered,
        framesDelivered: fig.framesDelivered,
        floorFramesDelivered: floorFig.framesDelivered,
        sendSeconds: round(fig.sentMs / 1000),
        lastAnswerSeconds: round(fig.doneMs / 1000),
        allDeliveredSeconds: round(fig.deliveredMs / 1000),
        lateSends: fig.late,
        floorLateSends: floorFig.late,
        sources: SOURCES,
        ...(fig.firstError ? { firstError: fig.firstError.slice(0, 200) } : {}),
      },
    };
  },
};
