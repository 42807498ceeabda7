import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PHOTO_WORK } from '../../constants';
import { APP_ROOT } from '../../lib/app-root';
import type { MultiCache } from './jpeg-huffman-tables';
import { type StrippedJpeg, stripJpeg } from './jpeg-strip';

export type JpegStripper = {
  strip(bytes: Buffer): Promise<StrippedJpeg | undefined>;
  /** Starts the worker if need be; resolves once it takes photos (tests). */
  warm(): Promise<void>;
  close(): Promise<void>;
  /** Photos checked on the worker, and on the calling thread (a full queue, a failed worker). */
  counts(): { worker: number; inline: number };
};

// Run from the bundle (dist/server/*.mjs) this module's own file is JavaScript; from source, TypeScript.
const FROM_SOURCE = import.meta.url.endsWith('.ts');

function startWorker(): Worker {
  if (!FROM_SOURCE) return new Worker(path.join(APP_ROOT, 'dist/server/jpeg-strip-worker.mjs'));
  const source = pathToFileURL(path.join(APP_ROOT, 'server/features/storage/jpeg-strip-worker.ts')).href;
  return new Worker(path.join(APP_ROOT, 'server/features/storage/worker-source.mjs'), { workerData: { source } });
}

/**
 * stripJpeg on a worker thread: its code-by-code walk of a photo's coded data (~1.5 ms per 100 KB photo,
 * docs/decisions/0011-join-fast-path.md) leaves the main thread, which every request and live frame
 * shares. One worker, started with the first photo (an idle server holds none) and stopped by `close`.
 * Until it has loaded (~100-200 ms), more than PHOTO_WORK.STRIP_QUEUE photos waiting, or a worker that
 * failed, and the work is done on the calling thread: the same answer, never a refusal, and the first
 * joins after a start do not wait for the thread.
 */
export function createJpegStripper(): JpegStripper {
  let worker: Worker | undefined;
  let ready = false;
  // settles when the current worker is ready or has failed (what `warm` waits for)
  let loaded = Promise.resolve();
  let settleLoaded = () => {};
  let next = 0;
  const counted = { worker: 0, inline: 0 };
  const cache: MultiCache = new Map();
  const inline = (bytes: Buffer) => {
    counted.inline++;
    return stripJpeg(bytes, cache);
  };
  const pending = new Map<number, (r: StrippedJpeg | undefined) => void>();

  const failAll = () => {
    worker = undefined;
    ready = false;
    settleLoaded();
    // answered by the calling thread instead: each waiting call keeps its bytes
    for (const resolve of pending.values()) resolve(undefined);
    pending.clear();
  };

  const ensure = () => {
    if (worker) return worker;
    const w = startWorker();
    loaded = new Promise<void>((resolve) => {
      settleLoaded = resolve;
    });
    w.unref();
    w.on('message', (m: { id: number; r?: StrippedJpeg & { bytes: Uint8Array } } | 'ready') => {
      if (m === 'ready') {
        if (worker !== w) return;
        ready = true;
        settleLoaded();
        return;
      }
      const resolve = pending.get(m.id);
      // an answer that comes after its caller was handed over to the calling thread (the worker was
      // closing) is dropped, and not counted
      if (!resolve) return;
      pending.delete(m.id);
      counted.worker++;
      resolve(
        m.r ? { ...m.r, bytes: Buffer.from(m.r.bytes.buffer, m.r.bytes.byteOffset, m.r.bytes.byteLength) } : undefined,
      );
    });
    w.on('error', failAll);
    w.on('exit', () => {
      if (worker === w) failAll();
    });
    worker = w;
    return w;
  };

  return {
    async strip(bytes) {
      if (!ready) {
        try {
          ensure();
        } catch {
          // no thread: the calling thread answers, as below
        }
        return inline(bytes);
      }
      if (pending.size >= PHOTO_WORK.STRIP_QUEUE) return inline(bytes);
      const id = ++next;
      const answer = new Promise<StrippedJpeg | undefined | 'failed'>((resolve) =>
        pending.set(id, (r) => resolve(r ?? (worker ? undefined : 'failed'))),
      );
      // a Buffer may be a view of a larger pooled allocation: only its own bytes are sent
      const own = bytes.byteLength === bytes.buffer.byteLength ? bytes : Uint8Array.prototype.slice.call(bytes);
      try {
        ensure().postMessage({ id, bytes: own });
      } catch {
        pending.delete(id);
        return inline(bytes);
      }
      const r = await answer;
      return r === 'failed' ? inline(bytes) : r;
    },
    warm() {
      ensure();
      return loaded;
    },
    async close() {
      const w = worker;
      failAll();
      if (w) await w.terminate();
    },
    counts: () => ({ ...counted }),
  };
}
