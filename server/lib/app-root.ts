import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's folder (the one with package.json). Files the server loads at run time (dist/client,
 * render-worker.mjs) are found from here, so the same code works run from source (server/…, under tsx)
 * and bundled into dist/server/main.mjs, which sits at another depth.
 */
export const APP_ROOT = findRoot(import.meta.dirname);

function findRoot(from: string) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
