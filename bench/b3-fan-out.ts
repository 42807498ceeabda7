import type { Bench } from './lib/bench';
import { latencyLog } from './lib/fanout';
import { startApp, startWsFloor } from './lib/servers';
import { round, sleep, until } from './lib/stats';
import { openSubscribers } from './lib/subscribers';

/**
 * B3 fan-out: `changes` joins, one at a time and `GAP_MS` apart, each committed by the server process
 * the way the join procedure commits (row + change log in one transaction, then publish), while
 * `subscribers` raw WebSockets in the bench process follow live.onEvent. The server reports the moment
 * of each publish (right after commit) over IPC; subscribers stamp arrival; both with
 * performance.timeOrigin + now() (the same system clock in both processes). The floor (bench/floor/
 * ws-floor.ts) sends frames of the same size, built once, to as many raw `ws` sockets, timed the same way.
 * Server and load driver are separate processes but share the machine's 2 cores.
 */
const GAP_MS = 250;

export const b3: Bench = {
  id: 'B3',
  name: 'fan-out: commit → delivery',
  async run({ quick }) {
    const subscribers = 1_000;
    const changes = quick ? 8 : 30;

    const app = await startApp({ stamp: true });
    const appLog = latencyLog();
    let frameBytes = 0;
    try {
      app.onPublish(appLog.published);
      const { eventId } = await app.seed();
      const pool = await openSubscribers({ url: app.url, eventId, count: subscribers, onData: appLog.arrived });
      try {
        if (!pool.allStarted()) throw new Error('not every subscriber started');
        await app.changes(eventId, 1); // warm-up, not counted below
        await until(() => pool.subs.every((s) => s.changes >= 1), 10_000);
        // the counted changes are GAP_MS apart from the warm-up too: one sooner would be held for the
        // live feed's batch window (LIVE.BATCH_WINDOW_MS, B2's rush), which is not what B3 times
        await sleep(GAP_MS);
        const warm = appLog.count();
        for (let i = 0; i < changes; i++) {
          await app.changes(eventId, 1);
          await sleep(GAP_MS);
        }
        await until(() => appLog.count() >= warm + changes * subscribers, 15_000);
        frameBytes = pool.subs[0].lastFrameBytes;
      } finally {
        await pool.close();
      }
    } finally {
      await app.stop();
    }
    const appFig = appLog.summary();

    const floor = await startWsFloor();
    const floorLog = latencyLog();
    try {
      floor.onPublish(floorLog.published);
      const pool = await openSubscribers({
        url: floor.url,
        eventId: 'floor',
        count: subscribers,
        onData: floorLog.arrived,
      });
      try {
        await floor.broadcast(changes, frameBytes, GAP_MS);
        await until(() => floorLog.count() >= changes * subscribers, 15_000);
      } finally {
        await pool.close();
      }
    } finally {
      await floor.stop();
    }
    const floorFig = floorLog.summary();
    const ratio = appFig.p99 / floorFig.p99;
    const complete = appFig.samples >= (changes + 1) * subscribers;
    return {
      id: 'B3',
      name: this.name,
      value: round(appFig.p99),
      unit: 'ms p99',
      target: 'p99 < 150 ms and ≤ 2× floor',
      pass: appFig.p99 < 150 && ratio <= 2 && complete,
      details: {
        p50Ms: round(appFig.p50),
        p95Ms: round(appFig.p95),
        p99Ms: round(appFig.p99),
        maxMs: round(appFig.max),
        worstChangeP50Ms: round(appFig.worstMessageP50),
        floorP50Ms: round(floorFig.p50),
        floorP99Ms: round(floorFig.p99),
        floorWorstP50Ms: round(floorFig.worstMessageP50),
        ratioToFloorP99: round(ratio, 2),
        subscribers,
        changes,
        deliveries: appFig.samples,
        frameBytes,
      },
    };
  },
};
