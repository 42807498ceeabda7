import { type Child, startChild } from './child';
import { scratchDir } from './scratch';

export type Usage = { cpu: NodeJS.CpuUsage; mem: NodeJS.MemoryUsage };
/** A process's CPU (user + system, µs) between two usage readings. */
export const cpuBetween = (a: Usage, b: Usage) => b.cpu.user - a.cpu.user + (b.cpu.system - a.cpu.system);

function withChild(child: Child) {
  return {
    child,
    usage: () => child.call<Usage>('usage'),
    /** Calls `listener` with every publish (app: after commit; floor: at broadcast) and its time. */
    onPublish(listener: (seqs: number[], t: number) => void) {
      child.onEvent((m) => {
        if (m.event === 'published') listener(m.seqs as number[], m.t as number);
      });
    },
    stop: async () => {
      await child.call('stop').catch(() => undefined);
      await child.kill(10_000);
    },
  };
}

/** The real server (bench/lib/app-process.ts) in its own process on 127.0.0.1. */
export async function startApp(
  o: {
    dataDir?: string;
    port?: number;
    stamp?: boolean;
    changeBefore?: { eventId: string };
    exposeGc?: boolean;
    /** PostgreSQL instead of the SQLite file in DATA_DIR (DATABASE_URL). */
    databaseUrl?: string;
  } = {},
) {
  const dataDir = o.dataDir ?? scratchDir();
  const child = startChild('lib/app-process.ts', {
    execArgv: [
      ...(o.exposeGc ? ['--expose-gc'] : []),
      ...(process.env.BENCH_APP_ARGV?.split(' ').filter(Boolean) ?? []),
    ],
  });
  const base = withChild(child);
  try {
    const started = await child.call<{ url: string; port: number; missed: string | null }>('start', {
      dataDir,
      port: o.port ?? 0,
      stamp: o.stamp,
      changeBefore: o.changeBefore,
      databaseUrl: o.databaseUrl,
    });
    return {
      ...base,
      ...started,
      dataDir,
      seed: () => child.call<{ eventId: string }>('seed'),
      changes: (eventId: string, n: number) => child.call<string[]>('changes', { eventId, n }),
      registrations: (eventId: string) =>
        child.call<{ ids: string[]; attendeeCount: number }>('registrations', { eventId }),
      /** B9's look inside: a query per pool timed every 100 ms and the event loop's delay, until stopProbe. */
      startProbe: () => child.call('startProbe'),
      stopProbe: () =>
        child.call<{ queryMs: number[]; liveQueryMs: number[]; loopP99Ms: number; loopMaxMs: number }>('stopProbe'),
      /** Stops the server; keeps its DATA_DIR (a restart reuses it; the run removes it when it exits). */
      stop: base.stop,
    };
  } catch (err) {
    await child.kill();
    throw err;
  }
}
export type AppHandle = Awaited<ReturnType<typeof startApp>>;

export async function startJoinFloor(eventId: string) {
  const dataDir = scratchDir();
  const child = startChild('floor/join-floor.ts');
  const { url } = await child.call<{ url: string }>('start', { dataDir, eventId });
  const base = withChild(child);
  return {
    ...base,
    url,
    registrations: () => child.call<{ ids: string[]; attendeeCount: number }>('registrations'),
  };
}

/**
 * B9/B10's floor (bench/floor/pg-join-floor.ts) on `databaseUrl`. `notify`: each join's change is
 * NOTIFYed in its transaction and its commit stamped like the app's publish; `listen`: it LISTENs and
 * sends what it hears to its own WebSocket subscribers.
 */
export async function startPgJoinFloor(o: {
  databaseUrl: string;
  eventId: string;
  notify?: boolean;
  listen?: boolean;
}) {
  const dataDir = scratchDir();
  const child = startChild('floor/pg-join-floor.ts');
  try {
    const { url } = await child.call<{ url: string }>('start', { ...o, dataDir });
    const base = withChild(child);
    return {
      ...base,
      url,
      registrations: () => child.call<{ ids: string[]; attendeeCount: number }>('registrations'),
    };
  } catch (err) {
    await child.kill();
    throw err;
  }
}

export async function startWsFloor(o: { exposeGc?: boolean } = {}) {
  const child = startChild('floor/ws-floor.ts', { execArgv: o.exposeGc ? ['--expose-gc'] : [] });
  const { url } = await child.call<{ url: string }>('start');
  return {
    ...withChild(child),
    url,
    broadcast: (n: number, frameBytes: number, gapMs: number) =>
      child.call<number>('broadcast', { n, frameBytes, gapMs }),
  };
}
