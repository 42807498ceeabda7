import { spawn } from 'node:child_process';
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

// Children at once, process-wide: each may use a core and a few hundred MB while it decodes.
let running = 0;
const waiting: (() => void)[] = [];
async function acquire() {
  if (running < IMAGES.RENDER_CONCURRENCY) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
}
function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Renders in a child process killed after `timeoutMs` (from its start, not from the queue). sharp on
 * the server's own threadpool cannot be cancelled, and a worker_thread would share that threadpool;
 * a process is the bound that holds. `maxBytes`: output beyond it stops the child ('too-large').
 */
export async function renderIsolated(
  input: Buffer,
  spec: RenderSpec,
  opts: { timeoutMs: number; maxBytes: number },
): Promise<RenderResult> {
  await acquire();
  try {
    return await run(input, spec, opts);
  } finally {
    release();
  }
}

function run(input: Buffer, spec: RenderSpec, opts: { timeoutMs: number; maxBytes: number }) {
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
    const timer = setTimeout(() => stop({ ok: false, reason: 'timeout' }), opts.timeoutMs);
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
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (verdict) resolve(verdict);
      else if (code === 0) resolve({ ok: true, bytes: Buffer.concat(out) });
      else if (code === DECODE_FAILED) resolve({ ok: false, reason: 'undecodable' });
      else reject(new Error(`image renderer exited with ${code}: ${stderr}`));
    });
  });
}
