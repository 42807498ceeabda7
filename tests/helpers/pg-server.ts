import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL server for `npm run test:pg`: Debian's `postgresql` package, `initdb` in a
// temp dir, a loopback port, no password (trust, 127.0.0.1 only), no durability (fsync off: tests).
// PostgreSQL refuses to run as root, so as root it runs as the package's `postgres` user.

export type PgServer = { url: (database: string) => string; stop: () => Promise<void>; dir: string };

/** The newest installed server's bin folder, or an error saying what to install. */
export function pgBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  const dir = newest && path.join(base, newest, 'bin');
  if (!dir || !fs.existsSync(path.join(dir, 'initdb'))) {
    throw new Error('PostgreSQL tests need the server: apt-get install -y postgresql (Debian/Ubuntu)');
  }
  return dir;
}

const asRoot = process.getuid?.() === 0;
/** argv run as the server's user: `runuser -u postgres --` when we are root. */
const asServerUser = (argv: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--', ...argv] : argv);

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(bin: string, port: number, dir: string, proc: ChildProcess, log: () => string) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`postgres exited (${proc.exitCode}): ${log()}`);
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q'], { stdio: 'ignore' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`postgres did not start in ${dir}: ${log()}`);
}

export async function startPgServer(): Promise<PgServer> {
  const bin = pgBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const [cmd, ...args] = asServerUser([
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'roomlist',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  execFileSync(cmd, args, { stdio: 'pipe' });
  const port = await freePort();
  const [pcmd, ...pargs] = asServerUser([
    path.join(bin, 'postgres'),
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=1000',
  ]);
  const proc = spawn(pcmd, pargs, { stdio: ['ignore', 'ignore', 'pipe'], detached: false });
  let stderr = '';
  proc.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  await waitReady(bin, port, dir, proc, () => stderr);
  return {
    dir,
    url: (database) => `postgres://roomlist@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        // through pg_ctl: runuser does not pass a signal on to the server it started
        const [scmd, ...sargs] = asServerUser([path.join(bin, 'pg_ctl'), 'stop', '-D', data, '-m', 'immediate', '-s']);
        execFileSync(scmd, sargs, { stdio: 'ignore' });
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
