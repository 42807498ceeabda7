import type { Bench } from './lib/bench';
import { wallNow } from './lib/child';
import { cpuBetween, startApp, startWsFloor, type Usage } from './lib/servers';
import { round, until } from './lib/stats';
import { loopbackAddresses, openSubscribers } from './lib/subscribers';

/**
 * B4 subscriber cost, three figures:
 * - CPU per delivered message: the server process's CPU time (process.cpuUsage, all threads) from a
 *   burst of `burst` joins committed back to back until every one of `subscribers` has them all, ÷
 *   changes delivered (the app may carry several in one frame: LIVE.BATCH_WINDOW_MS); the raw `ws`
 *   floor sends one frame per change, of the size of the app's one-change frame, to as many sockets.
 * - memory per idle subscriber: the server's RSS (and V8 heap) after a full GC, before and after
 *   `subscribers` subscriptions are open and idle, ÷ subscribers.
 * - restart: `reconnecting` subscribers follow an event; the server stops (a polite close: "reconnect",
 *   then 1001) and a new process starts on the same DATA_DIR and port, committing one join before it
 *   listens; the clients come back with the app's own reconnect waits (shared/live-retry.ts) and their last seq as lastEventId.
 *   Seconds from the first close to the last client holding that missed join.
 * The load driver is this process; server and driver share the machine's 2 cores.
 */
export const b4: Bench = {
  id: 'B4',
  name: 'subscriber cost: CPU, memory, restart',
  async run({ quick }) {
    const subscribers = quick ? 500 : 1_000;
    const burst = quick ? 50 : 200;
    const reconnecting = quick ? 1_000 : 5_000;

    // CPU and memory: the app
    const app = await startApp({ exposeGc: true });
    let appCpu: number;
    let appMem: { rss: number; heap: number };
    let frameBytes = 0;
    let burstFrames = 0;
    try {
      const { eventId } = await app.seed();
      await app.changes(eventId, 1);
      const idle = await app.usage();
      const pool = await openSubscribers({ url: app.url, eventId, count: subscribers });
      try {
        if (!pool.allStarted()) throw new Error('not every subscriber started');
        const loaded = await app.usage();
        appMem = perSub(idle, loaded, subscribers);
        await app.changes(eventId, 1);
        await until(() => pool.subs.every((s) => s.changes >= 1), 10_000);
        frameBytes = pool.subs[0].lastFrameBytes;
        const before = await app.usage();
        const framesBefore = pool.subs[0].frames;
        await app.changes(eventId, burst);
        if (!(await until(() => pool.subs.every((s) => s.changes >= burst + 1), 60_000)))
          throw new Error('burst not delivered');
        burstFrames = pool.subs[0].frames - framesBefore;
        appCpu = cpuBetween(before, await app.usage()) / (burst * subscribers);
      } finally {
        await pool.close();
      }
    } finally {
      await app.stop();
    }

    // CPU and memory: the floor
    const floor = await startWsFloor({ exposeGc: true });
    let floorCpu: number;
    let floorMem: { rss: number; heap: number };
    try {
      const idle = await floor.usage();
      const pool = await openSubscribers({ url: floor.url, eventId: 'floor', count: subscribers });
      try {
        const loaded = await floor.usage();
        floorMem = perSub(idle, loaded, subscribers);
        await floor.broadcast(1, frameBytes, 0);
        await until(() => pool.subs.every((s) => s.changes >= 1), 10_000);
        const before = await floor.usage();
        await floor.broadcast(burst, frameBytes, 0);
        if (!(await until(() => pool.subs.every((s) => s.changes >= burst + 1), 60_000)))
          throw new Error('floor burst not delivered');
        floorCpu = cpuBetween(before, await floor.usage()) / (burst * subscribers);
      } finally {
        await pool.close();
      }
    } finally {
      await floor.stop();
    }

    const restart = await restartFigures(reconnecting);
    const cpuRatio = appCpu / floorCpu;
    const pass = cpuRatio <= 3 && appMem.rss <= 48 && restart.seconds <= 10 && restart.missed === 0;
    return {
      id: 'B4',
      name: this.name,
      value: round(cpuRatio, 2),
      unit: '× floor CPU/msg',
      target: '≤ 3× CPU, ≤ 48 KB/sub, restart ≤ 10 s, 0 missed',
      pass,
      details: {
        cpuUsPerMsg: round(appCpu, 2),
        floorCpuUsPerMsg: round(floorCpu, 2),
        kbPerSubscriberRss: round(appMem.rss),
        kbPerSubscriberHeap: round(appMem.heap),
        floorKbPerSubscriberRss: round(floorMem.rss),
        reconnectSeconds: round(restart.seconds, 2),
        reconnectFromListenSeconds: round(restart.fromListen, 2),
        resubscribed: restart.resubscribed,
        missedChange: restart.missed,
        reconnecting,
        subscribers,
        burst,
        // the app batches a burst's changes (LIVE.BATCH_WINDOW_MS): frames one subscriber got for it
        appFramesForBurst: burstFrames,
      },
    };
  },
};

function perSub(a: Usage, b: Usage, n: number) {
  return { rss: (b.mem.rss - a.mem.rss) / 1024 / n, heap: (b.mem.heapUsed - a.mem.heapUsed) / 1024 / n };
}

async function restartFigures(clients: number) {
  const first = await startApp();
  const { eventId } = await first.seed();
  await first.changes(eventId, 1);
  const pool = await openSubscribers({
    url: first.url,
    eventId,
    lastEventId: '1',
    count: clients,
    reconnect: true,
    openBatch: 500,
    // 10 venues' worth of addresses: one address may hold at most 2,000 sockets (README "Limits")
    localAddresses: loopbackAddresses(10),
  });
  let second: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    if (!pool.allStarted()) throw new Error('not every reconnecting client started');
    await first.stop();
    const closedAt = Math.min(...pool.subs.map((s) => s.closedAt ?? Number.POSITIVE_INFINITY));
    second = await startApp({ dataDir: first.dataDir, port: first.port, changeBefore: { eventId } });
    const listening = wallNow();
    const missedSeq = '2';
    const back = () => pool.subs.every((s) => s.starts >= 2 && s.lastSeq === missedSeq);
    await until(back, 30_000, 10);
    const doneAt = Math.max(...pool.subs.map((s) => (s.starts >= 2 ? s.startedAt : Number.POSITIVE_INFINITY)));
    return {
      seconds: (doneAt - closedAt) / 1000,
      fromListen: (doneAt - listening) / 1000,
      resubscribed: pool.subs.filter((s) => s.starts >= 2).length,
      missed: pool.subs.filter((s) => s.lastSeq !== missedSeq).length,
    };
  } finally {
    await pool.close();
    await second?.stop();
    await first.stop();
  }
}
