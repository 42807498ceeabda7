import path from 'node:path';
import { build } from 'vite';
import { runFolder } from './scratch';

const root = path.resolve(import.meta.dirname, '../..');
let pending: Promise<string> | undefined;

/**
 * The production client (with its precompressed copies) built once per bench process into a folder of
 * the run's own (bench/lib/scratch.ts), untouched by other builds and removed when the run exits.
 * BENCH_CLIENT_DIR measures an existing build instead (e.g. an older one, to compare).
 */
export function builtClient(): Promise<string> {
  const given = process.env.BENCH_CLIENT_DIR;
  if (given) return Promise.resolve(given);
  pending ??= (async () => {
    const outDir = path.join(runFolder('client-'), 'client');
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return pending;
}
