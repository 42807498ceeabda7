import type { Bench } from './lib/bench';
import { closedLoop, createJoiner, joinBody, photoPart } from './lib/joins';
import { benchPhoto } from './lib/photo';
import { cpuBetween, startApp, startJoinFloor } from './lib/servers';
import { percentile, round } from './lib/stats';
import { loopbackAddresses } from './lib/subscribers';

/**
 * B1 join throughput: `clients` closed loops of real `registrations.join` calls over HTTP, each with a
 * ~100 KB JPEG as base64 (through the real photo pipeline: sniff, header read, decode, re-encode); then
 * the same bodies against the bare floor (bench/floor/join-floor.ts). Figure: app joins/s ÷ floor joins/s.
 * The joins rotate over SOURCES loopback addresses, as B10's do: the per-IP join ceiling
 * (ATTENDEES.JOIN_RATE_LIMIT, 600 in 10 minutes) is a venue's, and a run of ~630 joins/s for 15 s from 16
 * addresses reaches it (bench/README.md, "Full run (2026-11-27 14:05 UTC, commit e4606d2)").
 */
const SOURCES = 64;

export const b1: Bench = {
  id: 'B1',
  name: 'join throughput (100 KB photo)',
  async run({ quick }) {
    const clients = 16;
    const ms = quick ? 4_000 : 15_000;
    const photo = photoPart((await benchPhoto()).toString('base64'));
    const addresses = loopbackAddresses(SOURCES);

    const app = await startApp();
    let appFig: Figures;
    let eventId: string;
    try {
      ({ eventId } = await app.seed());
      appFig = await measure(app.url, '/trpc/registrations.join', eventId, photo, addresses, clients, ms, app.usage);
      const { ids } = await app.registrations(eventId);
      if (ids.length !== appFig.warm + appFig.ok) throw new Error(`${ids.length} rows for ${appFig.ok} joins`);
    } finally {
      await app.stop();
    }
    const floor = await startJoinFloor(eventId);
    let floorFig: Figures;
    try {
      floorFig = await measure(floor.url, '/join', eventId, photo, addresses, clients, ms, floor.usage);
    } finally {
      await floor.stop();
    }
    const ratio = appFig.rate / floorFig.rate;
    return {
      id: 'B1',
      name: this.name,
      value: round(ratio, 2),
      unit: '× floor',
      target: '≥ 0.5',
      pass: ratio >= 0.5 && appFig.errors === 0,
      details: {
        joinsPerSec: round(appFig.rate),
        floorJoinsPerSec: round(floorFig.rate),
        p50Ms: round(appFig.p50),
        p99Ms: round(appFig.p99),
        floorP99Ms: round(floorFig.p99),
        errors: appFig.errors,
        serverCpuMsPerJoin: round(appFig.cpuMsPerJoin, 2),
        floorCpuMsPerJoin: round(floorFig.cpuMsPerJoin, 2),
        driverCpuMsPerJoin: round(appFig.driverCpuMsPerJoin, 2),
        floorDriverCpuMsPerJoin: round(floorFig.driverCpuMsPerJoin, 2),
        photoBytes: Math.round((photo.length * 3) / 4),
        clients,
        sources: SOURCES,
        seconds: ms / 1000,
        ...(appFig.firstError ? { firstError: appFig.firstError } : {}),
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
  clients: number,
  ms: number,
  usage: () => Promise<import('./lib/servers').Usage>,
) {
  const joiner = createJoiner({ url, path, localAddresses: addresses });
  try {
    // join n from address n: every address in turn (by client, 16 of the 64 would carry every join)
    const send = (n: number) => joiner.send(joinBody(eventId, photo, n), n);
    const warm = await closedLoop(send, clients, 500);
    const before = await usage();
    const driverBefore = process.cpuUsage();
    const { results, elapsedMs } = await closedLoop(send, clients, ms);
    const driver = process.cpuUsage(driverBefore);
    const after = await usage();
    const ok = results.filter((r) => r.ok);
    return {
      warm: warm.results.filter((r) => r.ok).length,
      ok: ok.length,
      rate: ok.length / (elapsedMs / 1000),
      p50: percentile(
        ok.map((r) => r.ms),
        50,
      ),
      p99: percentile(
        ok.map((r) => r.ms),
        99,
      ),
      errors: results.length - ok.length + (warm.results.length - warm.results.filter((r) => r.ok).length),
      firstError: [...warm.results, ...results].find((r) => !r.ok)?.error,
      cpuMsPerJoin: cpuBetween(before, after) / 1000 / Math.max(1, ok.length),
      driverCpuMsPerJoin: (driver.user + driver.system) / 1000 / Math.max(1, ok.length),
    };
  } finally {
    joiner.close();
  }
}
