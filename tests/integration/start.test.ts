import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { npmStart } from '../helpers/npm-start';
import { processTree } from '../helpers/process-tree';

// issue 8 B8: `npm start` serves from built JavaScript. Builds run in child processes that have exited by
// the time the server listens; the server is npm's own child, with no shell, tsx or bundler around it.

const root = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(root, 'dist/server/main.mjs');
const BUILD_TOOLS = /esbuild|vite|rolldown|tsx/;

async function expectLeanTree(s: Awaited<ReturnType<typeof npmStart>>) {
  const tree = processTree(s.npmPid);
  const server = tree.find((p) => p.pid === s.serverPid)!;
  expect(server.ppid).toBe(s.npmPid);
  expect(server.cmdline).toMatch(/node .*scripts\/start\.mjs$/);
  expect(tree.filter((p) => BUILD_TOOLS.test(`${p.comm} ${p.cmdline}`)).map((p) => p.cmdline)).toEqual([]);
  expect(tree.map((p) => p.pid).sort()).toEqual([s.npmPid, s.serverPid].sort());
  expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
}

describe('npm start', () => {
  it('serves /healthz on a fresh DATA_DIR with the server as npm’s only child', async () => {
    const s = await npmStart({ timeoutMs: 180_000 });
    try {
      await expectLeanTree(s);
    } finally {
      await s.stop();
    }
  }, 200_000);

  // bench B8: an idle server's memory. The first Intl date or number format maps ~8 MB of ICU's data, and
  // Node's fetch classes (which the pg package touches as it loads) ~12 MB: a server on SQLite that has
  // served nothing but /healthz needs neither. A trap loaded into the server reports either on stderr.
  it('an idle server on SQLite makes no Intl format and does not load fetch (pg stays unloaded)', async () => {
    const trap = pathToFileURL(path.join(root, 'tests/helpers/idle-footprint-trap.mjs')).href;
    // the trap reports what it is there for
    const control = spawnSync(process.execPath, ['--import', trap, '-e', "new Intl.NumberFormat('en'); Response"], {
      encoding: 'utf8',
    });
    expect(control.stderr).toMatch(/FOOTPRINT \d+ Intl\.NumberFormat: /);
    expect(control.stderr).toMatch(/FOOTPRINT \d+ Response: /);

    const s = await npmStart({ timeoutMs: 180_000, env: { NODE_OPTIONS: `--import ${trap}` } });
    try {
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500)); // the jobs' first turn
      expect(
        s
          .out()
          .split('\n')
          .filter((l) => l.startsWith(`FOOTPRINT ${s.serverPid} `)),
      ).toEqual([]);
    } finally {
      await s.stop();
    }
  }, 200_000);

  it('rebuilds a server bundle older than its sources in a child process that is gone once it serves', async () => {
    if (!fs.existsSync(bundle)) fs.mkdirSync(path.dirname(bundle), { recursive: true });
    if (!fs.existsSync(bundle)) fs.writeFileSync(bundle, '');
    fs.utimesSync(bundle, new Date(0), new Date(0));
    const s = await npmStart({ timeoutMs: 180_000 });
    try {
      expect(s.out()).toContain('Building the server…');
      expect(fs.statSync(bundle).mtimeMs).toBeGreaterThan(Date.now() - 180_000);
      await expectLeanTree(s);
      // stripe-node (~20 MB) and csv-stringify load on first use only: not imported by the bundle's entry.
      const entry = fs.readFileSync(bundle, 'utf8');
      expect(entry).not.toMatch(/^import .* from "stripe";$/m);
      expect(entry).not.toMatch(/^import .* from "csv-stringify\/sync";$/m);
      expect(fs.readdirSync(path.join(path.dirname(bundle), 'chunks')).join(' ')).toMatch(/stripe-gateway-/);
    } finally {
      await s.stop();
    }
  }, 200_000);
});
