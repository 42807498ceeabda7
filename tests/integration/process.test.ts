import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

async function waitFor(check: () => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the server process', () => {
  it('exits non-zero with one clear line for a bad PORT', async () => {
    const p = run({ PORT: 'abc' });
    expect(await p.exited).toBe(1);
    expect(p.err().trim()).toBe('Invalid configuration: PORT must be a number (got "abc")');
  });

  it('starts on its own data folder and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-proc-'));
    const p = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      await waitFor(() => /is listening on/.test(p.out()));
      const url = JSON.parse(
        p
          .out()
          .split('\n')
          .find((l) => l.includes('is listening on'))!,
      ).url as string;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      expect(p.out()).toContain('shutting down');
      // a clean close checkpoints the WAL into the database file
      expect(fs.existsSync(path.join(dataDir, 'app.db-wal'))).toBe(false);
    } finally {
      kill(p.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function kill(child: ChildProcess) {
  if (child.exitCode === null) child.kill('SIGKILL');
}
