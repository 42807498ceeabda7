import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start`: builds what is missing, each build in a child process that exits when done, then runs the
 * built server in this process (npm's direct child: "exec" in package.json leaves no shell in between).
 * Plain JavaScript so that neither tsx nor a bundler stays loaded beside the server. `npm run dev` is the
 * TypeScript way (tsx, Vite's dev server).
 */
const root = path.resolve(import.meta.dirname, '..');
const clientIndex = path.join(root, 'dist/client/index.html');
const server = path.join(root, 'dist/server/main.mjs');
// What each build is made of: rebuilt when any of it is newer than the build (e.g. after `git pull`).
const SERVER_SOURCES = ['server', 'shared', 'migrations', 'package.json'];
const CLIENT_SOURCES = ['client', 'shared', 'scripts', 'package.json', 'vite.config.ts'];

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a deleted or renamed file changes its folder's mtime
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

function runChild(message, args) {
  console.log(message);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${message.replace(/…$/, '')} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}).`);
    process.exit(1);
  }
}

if (isStale(clientIndex, CLIENT_SOURCES)) {
  const vitePkg = createRequire(import.meta.url).resolve('vite/package.json');
  const viteBin = path.join(path.dirname(vitePkg), JSON.parse(fs.readFileSync(vitePkg, 'utf8')).bin.vite);
  runChild('Building the client (about a minute)…', [viteBin, 'build', '--logLevel', 'warn']);
}
if (isStale(server, SERVER_SOURCES)) runChild('Building the server…', [path.join(root, 'scripts/build-server.mjs')]);

process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
