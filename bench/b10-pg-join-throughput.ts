import type { Bench } from './lib/bench';
import { closedLoop, createJoiner, joinBody, photoPart } from './lib/joins';
import { durable, startBenchPg } from './lib/pg';
import { benchPhoto } from './lib/photo';
import { cpuBetween, startApp, startPgJoinFloor, type Usage } from './lib/servers';
import { percentile, round } from './lib/stats';
import { loopbackAddresses } from './lib/subscribers';

/**
 * B10 join throughput on PostgreSQL: B1's closed loops of real `registrations.join` calls (the ~100 KB
 * photo through the real pipeline) against one app process with DATABASE_URL pointing at a throwaway
 * server (bench/lib/pg.ts, durable), then the same bodies against bench/floor/pg-join-floor.ts (bare
 * node:http + pg, the SQLite floor's work) on its own database of the same server. Figure: app joins/s
 * ÷ floor joins/s. CPU per join is given for the Node process, as B1 does, and for the PostgreSQL
 * server (every backend), which does part of the work here. The joins rotate over 64 loopback addresses:
 * on PostgreSQL the per-IP join ceiling is kept in the database and a fast run from 16 would reach it.
 */
const CLIENTS = 16;
const SOURCES = 64;

export const b10: Bench = {
  id: 'B10',
  name: 'join throughput on PostgreSQL',
  async run({ quick }) {
    const ms = quick ? 4_000 : 15_000;
    const photo = photoPart((await benchPhoto()).toString('base64'));
    const addresses = loopbackAddresses(SOURCES);
    const pg = await startBenchPg();
    let appFig: Figures;
    let floorFig: Figures;
    try {
      const appDb = await pg.createDatabase('roomlist');
      const floorDb = await pg.createDatabase('floor');
      let eventId: string;
      const app = await startApp({ databaseUrl: appDb });
      try {
        ({ eventId } = await app.seed());
        appFig = await measure(app.url, '/trpc/registrations.join', eventId, photo, addresses, ms, app.usage, pg.cpuMs);
        const { ids } = await app.registrations(eventId);
        if (ids.length !== appFig.warm + appFig.ok) throw new Error(`${ids.length} rows for ${appFig.ok} joins`);
      } finally {
        await app.stop();
      }
      const floor = await startPgJoinFloor({ databaseUrl: floorDb, eventId });
      try {
        floorFig = await measure(floor.url, '/join', eventId, photo, addresses, ms, floor.usage, pg.cpuMs);
      } finally {
        await floor.stop();
      }
    } finally {
      await pg.stop();
    }
    const ratio = appFig.rate / floorFig.rate;
    return {
      id: 'B10',
      name: this.name,
      value: round(ratio, 2),
      unit: '× floor',
      target: '≥ 0.5',
      pass: ratio >= 0.5 && appFig.errors === 0,
      details: {
        joinsPerSec: round(appFig.rate),
        pgDurable: durable,
        floorJoinsPerSec: round(floorFig.rate),
        p50Ms: round(appFig.p50),
        p99Ms: round(appFig.p99),
        floorP99Ms: round(floorFig.p99),
        errors: appFig.errors,
        floorErrors: floorFig.errors,
        serverCpuMsPerJoin: round(appFig.cpuMsPerJoin, 2),
        floorCpuMsPerJoin: round(floorFig.cpuMsPerJoin, 2),
        pgCpuMsPerJoin: round(appFig.pgCpuMsPerJoin, 2),
        floorPgCpuMsPerJoin: round(floorFig.pgCpuMsPerJoin, 2),
        photoBytes: Math.round((photo.length * 3) / 4),
        clients: CLIENTS,
        sources: SOURCES,
        seconds: ms / 1000,
        ...(appFig.firstError ? { firstError: appFig.firstError.slice(0, 200) } : {}),
      },
    };
  },
};

type Figures = Awaited<ReturnType<typeof measure>>;

async function measure(
  url: string,
  path: string,
  eventId: string,
  photo: Buffer,
  addresses: string[],
  ms: number,
  usage: () => Promise<Usage>,
  pgCpuMs: () => number,
) {
  const joiner = createJoiner({ url, path, localAddresses: addresses });
  try {
    const send = (n: number) => joiner.send(joinBody(eventId, photo, n), n);
    const warm = await closedLoop(send, CLIENTS, 500);
    const before = await usage();
    const pgBefore = pgCpuMs();
    const { results, elapsedMs } = await closedLoop(send, CLIENTS, ms);
    const pgAfter = pgCpuMs();
    const after = await usage();
    const ok = results.filter((r) => r.ok);
    const warmOk = warm.results.filter((r) => r.ok).length;
    const latencies = ok.map((r) => r.ms);
    return {
      warm: warmOk,
      ok: ok.length,
      rate: ok.length / (elapsedMs / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: results.length - ok.length + (warm.results.length - warmOk),
      firstError: [...warm.results, ...results].find((r) => !r.ok)?.error,
      cpuMsPerJoin: cpuBetween(before, after) / 1000 / Math.max(1, ok.length),
      pgCpuMsPerJoin: (pgAfter - pgBefore) / Math.max(1, ok.length),
    };
  } finally {
    joiner.close();
  }
}
