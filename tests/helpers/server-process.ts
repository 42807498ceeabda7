import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';
import { insertBareEvent } from './bare-event';

const root = path.resolve(import.meta.dirname, '../..');

/** A fresh DATA_DIR whose database already holds one bare event (written before any server runs). */
export async function dataDirWithEvent() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-proc-'));
  const db = openDb(path.join(dataDir, 'app.db'));
  await migrateToLatest(db, { backupDir: path.join(dataDir, 'backups') });
  const { eventId } = await insertBareEvent(db, new Date().toISOString());
  await db.destroy();
  return { dataDir, eventId };
}

/** The server's own entry (`server/main.ts` through tsx) as a child process, as `npm start` runs it. */
export function serverProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    out: () => out,
    err: () => err,
    /** Resolves with the address once the log says it listens (LOG_LEVEL must be info or lower). */
    async url(limitMs = 60_000) {
      for (let waited = 0; ; waited += 50) {
        const line = out.split('\n').find((l) => l.includes('is listening on'));
        if (line) return JSON.parse(line).url as string;
        if (child.exitCode !== null || waited > limitMs) throw new Error(`server did not start:\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    kill: () => killHard(child),
  };
}

export function killHard(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
