import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Child, startChild } from './child';

export type Usage = { cpu: NodeJS.CpuUsage; mem: NodeJS.MemoryUsage };
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-bench-'));

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
  o: { dataDir?: string; port?: number; stamp?: boolean; changeBefore?: { eventId: string }; exposeGc?: boolean } = {},
) {
  const dataDir = o.dataDir ?? tempDataDir();
  const child = startChild('lib/app-process.ts', { execArgv: o.exposeGc ? ['--expose-gc'] : [] });
  const base = withChild(child);
  try {
    const started = await child.call<{ url: string; port: number; missed: string | null }>('start', {
      dataDir,
      port: o.port ?? 0,
      stamp: o.stamp,
      changeBefore: o.changeBefore,
    });
    return {
      ...base,
      ...started,
      dataDir,
      seed: () => child.call<{ eventId: string }>('seed'),
      changes: (eventId: string, n: number) => child.call<string[]>('changes', { eventId, n }),
      registrations: (eventId: string) =>
        child.call<{ ids: string[]; attendeeCount: number }>('registrations', { eventId }),
      /** Stops the server; keeps its DATA_DIR (a restart reuses it). */
      stop: base.stop,
      removeData: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  } catch (err) {
    await child.kill();
    throw err;
  }
}
export type AppHandle = Awaited<ReturnType<typeof startApp>>;

export async function startJoinFloor(eventId: string) {
  const dataDir = tempDataDir();
  const child = startChild('floor/join-floor.ts');
  const { url } = await child.call<{ url: string }>('start', { dataDir, eventId });
  const base = withChild(child);
  return {
    ...base,
    url,
    registrations: () => child.call<{ ids: string[]; attendeeCount: number }>('registrations'),
    stop: async () => {
      await base.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
