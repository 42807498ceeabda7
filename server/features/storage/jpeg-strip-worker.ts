import { parentPort } from 'node:worker_threads';
import type { MultiCache } from './jpeg-huffman-tables';
import { stripJpeg } from './jpeg-strip';

// The worker side of jpeg-strip-pool.ts: stripJpeg on a thread of its own, the result's bytes handed
// back without a copy. The thread's own cache of Huffman lookups lives as long as it does.
const cache: MultiCache = new Map();
parentPort?.on('message', (m: { id: number; bytes: Uint8Array }) => {
  const r = stripJpeg(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength), cache);
  if (!r) return parentPort?.postMessage({ id: m.id });
  const bytes = new Uint8Array(r.bytes.byteLength);
  bytes.set(r.bytes);
  parentPort?.postMessage({ id: m.id, r: { ...r, bytes } }, [bytes.buffer]);
});
// taken by the pool as the sign that photos sent now are walked here, not queued behind the start
parentPort?.postMessage('ready');
