import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, pgBinDir } from '../../tests/helpers/pg-server';
import { scratchDir } from './scratch';
import { sleep } from './stats';

/**
 * A throwaway PostgreSQL server for B9/B10, started as tests/helpers/pg-server.ts starts the tests' one
 * (Debian's package, initdb in a temp dir, a loopback port, trust auth; as root it runs as `postgres`)
 * but durable, as a deployment runs it: fsync, synchronous_commit and full_page_writes keep their
 * defaults (on), since the SQLite rows sync every commit too. The tests' server passes them off on its
 * command line, which no ALTER SYSTEM can override, hence a start of its own here.
 * `BENCH_PG_DURABLE=off` starts it as the tests do (fsync, synchronous_commit, full_page_writes off),
 * to see what the disk's syncs cost. `stop` stops it; so do the bench process's exit and
 * SIGINT/SIGTERM when a row never got there. Its folder goes with the run's scratch root at exit.
 */
export type BenchPg = Awaited<ReturnType<typeof startBenchPg>>;

const asRoot = process.getuid?.() === 0;
const asServerUser = (argv: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--', ...argv] : argv);
/** Whether commits wait for the disk (BENCH_PG_DURABLE=off: not, as in the tests). */
export const durable = process.env.BENCH_PG_DURABLE !== 'off';
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/**
 * CPU (ms, user + system) of the postmaster and its live children, plus that of the children it has
 * reaped (a backend that ended counts in the postmaster's cutime/cstime): every backend's work.
 */
function serverCpuMs(postmaster: number): number {
  let ticks = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue; // gone meanwhile
    }
    // after "pid (comm) ": state, ppid, … utime is field 14, so f[11]
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(name) !== postmaster && Number(f[1]) !== postmaster) continue;
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks * TICK_MS;
}

export async function startBenchPg() {
  const bin = pgBinDir();
  const dir = scratchDir();
  const data = path.join(dir, 'data');
  let proc: ChildProcess | undefined;
  let stopped = false;

  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopSync);
    if (
      proc &&
      proc.exitCode === null &&
      proc.signalCode === null &&
      fs.existsSync(path.join(data, 'postmaster.pid'))
    ) {
      // through pg_ctl: runuser does not pass a signal on to the server it started
      const [cmd, ...args] = asServerUser([path.join(bin, 'pg_ctl'), 'stop', '-D', data, '-m', 'immediate', '-s']);
      try {
        execFileSync(cmd, args, { stdio: 'ignore' });
      } catch {
        proc.kill('SIGKILL');
      }
    }
  };
  // Before the scratch root's removal, which takes this folder with it; SIGINT and SIGTERM end the run
  // through `exit` too (bench/lib/scratch.ts).
  process.prependOnceListener('exit', stopSync);

  try {
    if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    const [icmd, ...iargs] = asServerUser([
      path.join(bin, 'initdb'),
      ...['-D', data, '-U', 'roomlist', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    ]);
    execFileSync(icmd, iargs, { stdio: 'pipe' });
    const port = await freePort();
    const [pcmd, ...pargs] = asServerUser([
      path.join(bin, 'postgres'),
      ...['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ]);
    const started = spawn(pcmd, pargs, { stdio: ['ignore', 'ignore', 'pipe'] });
    proc = started;
    let stderr = '';
    started.stderr?.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-4000);
    });
    const url = (database: string) => `postgres://roomlist@127.0.0.1:${port}/${database}`;
    const admin = async (text: string) => {
      const c = new pg.Client(url('postgres'));
      await c.connect();
      try {
        return await c.query(text);
      } finally {
        await c.end();
      }
    };
    for (let i = 0; ; i++) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`postgres exited (${started.exitCode ?? started.signalCode}): ${stderr}`);
      }
      try {
        await admin('SELECT 1');
        break;
      } catch (err) {
        if (i > 300) throw new Error(`postgres did not start in ${dir}: ${err} ${stderr}`);
        await sleep(100);
      }
    }
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return {
      url,
      /** A new, empty database; returns its URL. */
      async createDatabase(name: string) {
        await admin(`CREATE DATABASE ${name}`);
        return url(name);
      },
      /** The server's CPU so far (ms): read before and after a measured stretch. */
      cpuMs: () => serverCpuMs(postmaster),
      stop: async () => {
        stopSync();
        if (started.exitCode === null && started.signalCode === null) await new Promise((r) => started.once('exit', r));
      },
    };
  } catch (err) {
    stopSync();
    throw err;
  }
}
