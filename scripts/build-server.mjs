import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the server (server/main.ts and what it imports from server/, shared/ and migrations/) into
 * dist/server/main.mjs, so that `npm start` serves from plain JavaScript: no tsx and no build tooling in
 * the serving process. Packages stay in node_modules (sharp and better-sqlite3 load native code).
 * Files the server reads at run time are found from the app's folder (server/lib/app-root.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
// Chunk names carry hashes: old ones would pile up.
fs.rmSync(path.join(root, 'dist/server/chunks'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // the JPEG check's worker thread is an entry of its own (server/features/storage/jpeg-strip-pool.ts)
  entryPoints: ['server/main.ts', 'server/features/storage/jpeg-strip-worker.ts'],
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  entryNames: '[name]',
  // What the server imports on demand (the Stripe adapter, with stripe-node's ~20 MB) stays in chunks of
  // its own, so a server that never sells through Stripe never loads it (issue 8 B8).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces in the log name server/*.ts lines (start.mjs turns source maps on).
  sourcemap: true,
  logLevel: 'warning',
});
