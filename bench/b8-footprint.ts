import { npmStart } from '../tests/helpers/npm-start';
import { type Proc, processTree } from '../tests/helpers/process-tree';
import type { Bench } from './lib/bench';

// Issue 8 B8 targets.
const SERVER_RSS_MB = 100;
const START_MS = 1_500;

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Processes on the parent chain strictly between npm and the server (0 when npm's child is the server). */
function between(tree: Proc[], npmPid: number, serverPid: number) {
  let n = 0;
  for (let p = tree.find((x) => x.pid === serverPid); p && p.ppid !== npmPid; n++)
    p = tree.find((x) => x.pid === p!.ppid);
  return n;
}

/**
 * B8: idle footprint and cold start of the real `npm start` (fresh DATA_DIR, client already built).
 * One start first builds whatever is missing and is not counted; then each counted start is timed from
 * the spawn of npm to the first 200 on /healthz, left idle, and its process tree read from /proc.
 */
export const b8: Bench = {
  id: 'B8',
  name: 'idle footprint and cold start',
  async run({ quick }) {
    const runs = quick ? 3 : 7;
    const idleMs = quick ? 1_000 : 3_000;

    const first = await npmStart({ timeoutMs: 300_000 });
    const firstStartMs = first.msToHealthy;
    await first.stop();

    const samples: { startMs: number; serverKb: number; treeKb: number; between: number; others: string[] }[] = [];
    for (let i = 0; i < runs; i++) {
      const s = await npmStart();
      try {
        await new Promise((r) => setTimeout(r, idleMs));
        const tree = processTree(s.npmPid);
        const server = tree.find((p) => p.pid === s.serverPid)!;
        samples.push({
          startMs: s.msToHealthy,
          serverKb: server.rssKb,
          treeKb: tree.reduce((sum, p) => sum + p.rssKb, 0),
          between: between(tree, s.npmPid, s.serverPid),
          // anything left running beside npm, the chain to the server and the server (e.g. an esbuild service)
          others: tree
            .filter((p) => p.pid !== s.npmPid && p.pid !== s.serverPid && p.ppid === s.serverPid)
            .map((p) => p.comm),
        });
      } finally {
        await s.stop();
      }
    }

    const serverMb = mb(median(samples.map((s) => s.serverKb)));
    const treeMb = mb(median(samples.map((s) => s.treeKb)));
    const startMs = Math.round(median(samples.map((s) => s.startMs)));
    const maxBetween = Math.max(...samples.map((s) => s.between));
    const others = [...new Set(samples.flatMap((s) => s.others))];
    return {
      id: 'B8',
      name: this.name,
      value: serverMb,
      unit: 'MB server RSS',
      target: `server ≤ ${SERVER_RSS_MB} MB, nothing between npm and the server, start ≤ ${START_MS.toLocaleString('en')} ms`,
      pass: serverMb <= SERVER_RSS_MB && maxBetween === 0 && startMs <= START_MS,
      details: {
        runs,
        serverRssMb: serverMb,
        treeRssMb: treeMb,
        startMsMedian: startMs,
        startMsMin: Math.round(Math.min(...samples.map((s) => s.startMs))),
        startMsMax: Math.round(Math.max(...samples.map((s) => s.startMs))),
        processesBetweenNpmAndServer: maxBetween,
        childrenOfServer: others.join(' ') || 'none',
        firstStartMs: Math.round(firstStartMs),
      },
    };
  },
};
