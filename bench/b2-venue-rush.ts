import type { Bench } from './lib/bench';
import { wallNow } from './lib/child';
import { createJoiner, type JoinResult, joinBody } from './lib/joins';
import { benchPhoto } from './lib/photo';
import { startApp } from './lib/servers';
import { percentile, round, sleep, until, within } from './lib/stats';
import { loopbackAddresses, openSubscribers } from './lib/subscribers';

/**
 * B2 venue rush: joins arrive on a schedule (open loop: a join is sent at its time whether or not the
 * earlier ones were answered), a steady trickle with a 200/s spike in the middle, each a real
 * `registrations.join` with the ~100 KB photo, from 50 loopback addresses (a venue's phones on mobile
 * data: each stays far under the 600 joins / 10 min per-IP ceiling), while `subscribers` raw WebSockets
 * watch the event through live.onEvent. Lost: a committed join (a row in the database) that a
 * subscriber never received; every subscriber's count is checked, and a sample's ids one by one.
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
    const photo = (await benchPhoto()).toString('base64');
    const app = await startApp();
    const joiner = createJoiner({
      url: app.url,
      path: '/trpc/registrations.join',
      localAddresses: loopbackAddresses(SOURCES),
    });
    let pool: Awaited<ReturnType<typeof openSubscribers>> | undefined;
    try {
      const { eventId } = await app.seed();
      pool = await openSubscribers({ url: app.url, eventId, count: plan.subscribers, sample: SAMPLE });
      if (!pool.allStarted()) throw new Error('not every subscriber started');

      const bodies = times.map((_, n) => joinBody(eventId, photo, n));
      const pending: Promise<JoinResult>[] = [];
      let late = 0;
      const start = wallNow();
      for (let n = 0; n < times.length; n++) {
        const wait = start + times[n] - wallNow();
        if (wait > 1) await sleep(wait);
        else if (wait < -50) late++;
        pending.push(joiner.send(bodies[n], n));
      }
      const sentMs = wallNow() - start;
      const results = await within(Promise.all(pending), 120_000);
      if (!results) throw new Error('joins still unanswered 120 s after the last was sent');
      const doneMs = wallNow() - start;
      const ok = results.filter((r) => r.ok);
      const { ids } = await app.registrations(eventId);
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
      const okMissingInDb = ok.filter((r) => r.id && !inDb.has(r.id)).length;
      const errors = results.length - ok.length;
      const latencies = ok.map((r) => r.ms);
      const p99 = percentile(latencies, 99);
      const firstError = results.find((r) => !r.ok)?.error;
      return {
        id: 'B2',
        name: this.name,
        value: round(p99),
        unit: 'ms p99',
        target: 'p99 < 300 ms, 0 errors, 0 lost',
        pass: p99 < 300 && errors === 0 && lost === 0 && okMissingInDb === 0,
        details: {
          joins: times.length,
          p50Ms: round(percentile(latencies, 50)),
          p99Ms: round(p99),
          maxMs: round(Math.max(...latencies)),
          errors,
          lost: lost + okMissingInDb,
          committed: ids.length,
          subscribers: plan.subscribers,
          changesDelivered: subs.reduce((a, s) => a + s.changes, 0),
          framesDelivered: subs.reduce((a, s) => a + s.frames, 0),
          sendSeconds: round(sentMs / 1000),
          lastAnswerSeconds: round(doneMs / 1000),
          allDeliveredSeconds: round(deliveredMs / 1000),
          lateSends: late,
          sources: SOURCES,
          ...(firstError ? { firstError: firstError.slice(0, 200) } : {}),
        },
      };
    } finally {
      await pool?.close();
      joiner.close();
      await app.stop();
      app.removeData();
    }
  },
};
