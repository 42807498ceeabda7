/**
 * The real Roomlist server in a process of its own, as `npm start` runs it (createApp on a DATA_DIR, one
 * port for HTTP and WebSocket), driven by the bench over IPC. With `stamp`, every publish on the live bus
 * (right after the change's commit) is reported with the shared clock, so B3 can time commit → delivery.
 * With `databaseUrl` it runs on PostgreSQL (DATABASE_URL) with the real PostgreSQL bus, whose publish
 * is then the one stamped (B9: a change committed here and delivered by another process).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { createInProcessBus, type LiveBus } from '#server/features/changes/bus';
import { insertBareEvent } from '../../tests/helpers/bare-event';
import { liveChanges } from '../../tests/helpers/live-changes';
import { selfUsage, serve, wallNow } from './child';
import type { Probe } from './probe';

type App = Awaited<ReturnType<typeof createApp>>;
let app: App | undefined;

function stampingBus(): LiveBus {
  const inner = createInProcessBus();
  return {
    subscribe: inner.subscribe,
    watched: inner.watched,
    health: inner.health,
    publish(changes) {
      const t = wallNow();
      process.send?.({ event: 'published', seqs: changes.map((c) => c.seq), t });
      inner.publish(changes);
    },
  };
}

/** The same stamp on the bus the app built (on PostgreSQL, the one that also NOTIFYs the other processes). */
function stampPublishes(bus: LiveBus) {
  const publish = bus.publish.bind(bus);
  bus.publish = (changes) => {
    const t = wallNow();
    process.send?.({ event: 'published', seqs: changes.map((c) => c.seq), t });
    publish(changes);
  };
}

/**
 * What holds a change back in this process (B9): a `SELECT 1` sent every 100 ms through the main pool and
 * one through the live feeds' (`deps.liveDb`), each timed from the call (the wait for one of the pool's
 * connections, then the round trip), and the event loop's delay.
 */
let probe: { stop: () => Probe } | undefined;
function startProbe() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const queryMs: number[] = [];
  const liveQueryMs: number[] = [];
  const timed = (db: ReturnType<typeof deps>['db'], into: number[]) => {
    const t = performance.now();
    sql`SELECT 1`
      .execute(db)
      .then(() => into.push(performance.now() - t))
      .catch(() => undefined);
  };
  const timer = setInterval(() => {
    timed(deps().db, queryMs);
    timed(deps().liveDb, liveQueryMs);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      loop.disable();
      return { queryMs, liveQueryMs, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 };
    },
  };
}

const deps = () => {
  if (!app) throw new Error('not started');
  return app.deps;
};

serve({
  async start(arg: {
    dataDir: string;
    port: number;
    stamp?: boolean;
    changeBefore?: { eventId: string };
    databaseUrl?: string;
  }) {
    const config = loadConfig({
      DATA_DIR: arg.dataDir,
      ...(arg.databaseUrl ? { DATABASE_URL: arg.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(arg.port),
    });
    app = await createApp(config, arg.stamp && !arg.databaseUrl ? { bus: stampingBus() } : {});
    if (arg.stamp && arg.databaseUrl) stampPublishes(app.deps.bus);
    // A change made while no client can be connected (B4: the restart), before the port opens.
    const missed = arg.changeBefore
      ? await liveChanges(app.deps, arg.changeBefore.eventId).join({ first_name: 'Missed' })
      : null;
    const { port, url } = await app.listen(arg.port, '127.0.0.1');
    return { port, url, missed };
  },

  /** An organiser and an open event, written straight to the database (sign-up is not what is measured). */
  async seed() {
    const now = new Date().toISOString();
    const { eventId } = await insertBareEvent(deps().db, now, {
      name: 'Keynote',
      venue: 'Main Hall',
      event_date: now.slice(0, 10),
      start_time: '09:00',
      end_time: '18:00',
      download_formats: '[]',
    });
    return { eventId };
  },

  /** `n` joins (no photo) made as the registrations feature makes them: row + log in one transaction, then publish. */
  async changes(arg: { eventId: string; n: number }) {
    const live = liveChanges(deps(), arg.eventId);
    const ids: string[] = [];
    for (let i = 0; i < arg.n; i++) ids.push(await live.join({ first_name: `Guest${i}` }));
    return ids;
  },

  async registrations(arg: { eventId: string }) {
    const rows = await deps()
      .db.selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', arg.eventId)
      .execute();
    const event = await deps()
      .db.selectFrom('events')
      .select('attendee_count')
      .where('id', '=', arg.eventId)
      .executeTakeFirstOrThrow();
    return { ids: rows.map((r) => r.id), attendeeCount: event.attendee_count };
  },

  usage: () => selfUsage(),

  startProbe() {
    probe = startProbe();
    return true;
  },
  stopProbe() {
    const r = probe?.stop();
    probe = undefined;
    return r;
  },

  async stop() {
    await app?.close();
    app = undefined;
    setImmediate(() => process.exit(0));
    return true;
  },
});
