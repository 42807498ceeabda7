import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

// Request/response over a forked child's IPC channel: the bench's server and floor programs run in their
// own processes (their own event loop and CPU figures), driven by the bench process.

type Reply = { rid: number; ok: boolean; value?: unknown; error?: string };
type Handlers = Record<string, (arg: never) => unknown>;

export type Child = {
  proc: ChildProcess;
  call<T = unknown>(op: string, arg?: unknown): Promise<T>;
  /** Messages the child sends on its own (not replies), e.g. publish stamps. */
  onEvent(listener: (msg: { event: string; [k: string]: unknown }) => void): void;
  kill(graceMs?: number): Promise<void>;
};

/** Starts a TypeScript program in bench/ as a child process (through tsx), with IPC. */
export function startChild(file: string, opts: { execArgv?: string[]; env?: Record<string, string> } = {}): Child {
  const proc = fork(path.resolve(import.meta.dirname, '..', file), [], {
    // BENCH_CPU_PROF=<dir>: every child writes a .cpuprofile there when it exits (open in Chrome DevTools).
    execArgv: [
      '--import',
      'tsx',
      ...(opts.execArgv ?? []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners: ((msg: { event: string }) => void)[] = [];
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.on('message', (raw) => {
    const msg = raw as Reply & { event?: string };
    if (msg.event) {
      for (const l of listeners) l(msg as { event: string });
      return;
    }
    const p = pending.get(msg.rid);
    if (!p) return;
    pending.delete(msg.rid);
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new Error(msg.error));
  });
  proc.on('error', () => undefined); // a send racing the child's exit: the call's promise reports it
  proc.once('exit', (code) => {
    for (const p of pending.values()) p.reject(new Error(`${file} exited (${code}) before answering`));
    pending.clear();
  });
  return {
    proc,
    call: <T>(op: string, arg?: unknown) =>
      new Promise<T>((resolve, reject) => {
        if (!proc.connected) return reject(new Error(`${file} is not running`));
        const rid = ++next;
        pending.set(rid, { resolve: resolve as (v: unknown) => void, reject });
        proc.send({ rid, op, arg });
      }),
    onEvent: (l) => listeners.push(l as (msg: { event: string }) => void),
    /** Waits up to `graceMs` for the child to exit by itself (a CPU profile is written on exit), then kills it. */
    kill: async (graceMs = 0) => {
      if (graceMs > 0) await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs).unref())]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** The child's side: answers `call`s with the handler of the same name. */
export function serve(handlers: Handlers) {
  process.on('message', async (raw) => {
    const { rid, op, arg } = raw as { rid: number; op: string; arg: never };
    try {
      const handler = handlers[op];
      if (!handler) throw new Error(`unknown op ${op}`);
      process.send?.({ rid, ok: true, value: await handler(arg) });
    } catch (err) {
      process.send?.({ rid, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
  // The parent going away ends the child (no orphan servers on the shared machine).
  process.on('disconnect', () => process.exit(0));
}

/** The same clock in every process of the bench (ms since the epoch, sub-millisecond). */
export const wallNow = () => performance.timeOrigin + performance.now();

/** What a child reports about itself: CPU time (µs) and memory after a full GC when --expose-gc. */
export const selfUsage = () => {
  const g = (globalThis as { gc?: () => void }).gc;
  g?.();
  g?.();
  return { cpu: process.cpuUsage(), mem: process.memoryUsage() };
};
