import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGES } from '#shared/constants';
import { APP_ROOT } from '../../lib/app-root';

/** One sharp pipeline, run by render-worker.mjs: decode, fit inside width x height, encode. */
export type RenderSpec = {
  limitInputPixels: number;
  density?: number;
  rotate: boolean;
  width: number;
  height: number;
  format: 'png' | 'jpeg';
  options: Record<string, number | boolean>;
};
export type RenderResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'timeout' | 'undecodable' | 'too-large' };

const WORKER = path.join(APP_ROOT, 'server/features/storage/render-worker.mjs');
const DECODE_FAILED = 65;

/** How often a child's CPU time is read, and how far wall time may run past its CPU budget. */
const CPU_POLL_MS = 50;
export const WALL_BACKSTOP_FACTOR = 10;

/** CPU time (user + system, all threads) a process has used, from /proc; undefined where there is none. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // fields after the command name in parentheses (which may itself hold spaces or parentheses)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux ABI Node runs on

/**
 * Renders in a child process killed once it has used `cpuMs` of CPU time: a deadline on work done, so a
 * busy machine (that gives the child less of each second) never turns an ordinary image away. A wall
 * clock of WALL_BACKSTOP_FACTOR × `cpuMs` is the backstop (and, where the OS shows no CPU time, the
 * deadline is the wall clock at 2 × `cpuMs`). sharp on the server's own threadpool cannot be cancelled,
 * and a worker_thread would share that threadpool; a process is the bound that holds. `maxBytes`:
 * output beyond it stops the child ('too-large').
 */
export type Renderer = (
  input: Buffer,
  spec: RenderSpec,
  opts: { cpuMs: number; maxBytes: number },
) => Promise<RenderResult>;

/** A renderer with its own count of children at once (each may use a core and a few hundred MB). */
export function createRenderer(concurrency: number = IMAGES.RENDER_CONCURRENCY): Renderer {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (input, spec, opts) => {
    if (running < concurrency) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run(input, spec, opts);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

function run(input: Buffer, spec: RenderSpec, opts: { cpuMs: number; maxBytes: number }) {
  return new Promise<RenderResult>((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, JSON.stringify(spec)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '', UV_THREADPOOL_SIZE: '1', VIPS_CONCURRENCY: '1' },
    });
    let verdict: RenderResult | undefined;
    const stop = (r: RenderResult) => {
      verdict ??= r;
      child.kill('SIGKILL');
    };
    const overrun = () => stop({ ok: false, reason: 'timeout' });
    const pid = child.pid;
    const measurable = pid !== undefined && cpuMsOf(pid) !== undefined;
    const timer = setTimeout(overrun, opts.cpuMs * (measurable ? WALL_BACKSTOP_FACTOR : 2));
    const poll = setInterval(() => {
      const used = pid === undefined ? undefined : cpuMsOf(pid);
      if (used !== undefined && used > opts.cpuMs) overrun();
    }, CPU_POLL_MS);
    const done = () => {
      clearTimeout(timer);
      clearInterval(poll);
    };
    try {
      if (child.pid) os.setPriority(child.pid, 10); // the server's own requests come first
    } catch {
      // not permitted here: the deadline still holds
    }

    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > opts.maxBytes) stop({ ok: false, reason: 'too-large' });
      else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(0, 1000);
    });
    child.stdin.on('error', () => {}); // the child may exit before reading all of its input
    child.stdin.end(input);

    child.on('error', (err) => {
      done();
      reject(err);
    });
    child.on('close', (code) => {
      done();
      if (verdict) resolve(verdict);
      else if (code === 0) resolve({ ok: true, bytes: Buffer.concat(out) });
      else if (code === DECODE_FAILED) resolve({ ok: false, reason: 'undecodable' });
      else reject(new Error(`image renderer exited with ${code}: ${stderr}`));
    });
  });
}
