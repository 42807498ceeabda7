import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listenerOf, processTree } from './process-tree';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the real `npm start` (as a self-hoster does) on a fresh DATA_DIR and an ephemeral loopback port,
 * and resolves once GET /healthz answers 200. `msToHealthy` counts from the spawn of npm.
 * It runs in a process group of its own: `stop()` ends the whole tree, whatever npm left behind.
 */
export async function npmStart(opts: { timeoutMs?: number; env?: Record<string, string> } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-npm-start-'));
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...opts.env,
    },
  });
  let out = '';
  npm.stdout.on('data', (d) => (out += d));
  npm.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  const stop = async () => {
    const left = processTree(npm.pid!).map((p) => p.pid);
    try {
      process.kill(-npm.pid!, 'SIGTERM');
    } catch {}
    const until = Date.now() + 10_000;
    while (left.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    for (const pid of left.filter(alive)) process.kill(pid, 'SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const until = started + (opts.timeoutMs ?? 30_000);
    let listening: { url: string } | undefined;
    while (!listening) {
      if (performance.now() > until || npm.exitCode !== null) throw new Error(`npm start did not listen:\n${out}`);
      const line = out.split('\n').find((l) => l.includes('is listening on'));
      if (line) listening = JSON.parse(line);
      else await new Promise((r) => setTimeout(r, 5));
    }
    while ((await fetch(`${listening.url}/healthz`).catch(() => undefined))?.status !== 200) {
      if (performance.now() > until) throw new Error(`/healthz never answered 200:\n${out}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const msToHealthy = performance.now() - started;
    const server = listenerOf(processTree(npm.pid!), Number(new URL(listening.url).port));
    if (!server) throw new Error('no process under npm listens on the port');
    return { npmPid: npm.pid!, serverPid: server.pid, url: listening.url, msToHealthy, out: () => out, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
