import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The folders a run writes into (its servers' and floors' data, the built client, Chromium's profile):
// all under one root, removed when the run exits, never between rows; a server's or floor's folder is
// taken only where making a file is as cheap as it should be.
//
// Why (bench/README.md, "Freed inodes"): on ext4 without a journal, as on this kind of host, the kernel
// passes over every inode freed in the last 60 s (300 s while its inode-table block is unwritten) each
// time it makes a file in that block group, reading each one. After a row had removed its thousands of
// photos, the next server in the same group paid 0.3–0.4 ms of kernel CPU per new file instead of
// ~0.015 ms: a cost of the row before, charged to whichever of app or floor came next.

/** CPU per new file (ms) above which a candidate folder is passed over. A clean group: ~0.015 ms. */
export const SLOW_NEW_FILE_MS = 0.08;
const PROBE_FILES = 40;
const TRIES = 8;

let root: string | undefined;
/** New-file cost (ms) of every candidate tried, in order, for the run's meta. */
export const probes: { newFileMs: number; taken: boolean }[] = [];

function scratchRoot() {
  if (!root) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-bench-'));
    const made = root;
    // A PostgreSQL server to stop goes first: its `exit` listener is prepended (bench/lib/pg.ts).
    process.once('exit', () => {
      try {
        fs.rmSync(made, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // a child still writing into it; nothing more to do on the way out
      }
    });
    // Ctrl-C or a kill ends the run through `exit`, so the root (a full run keeps a few GB) goes with it.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
    // PostgreSQL's server user reaches its own folder in here (bench/lib/pg.ts)
    fs.chmodSync(root, 0o711);
    // ext4's "top of a hierarchy" flag: the kernel spreads the root's subfolders over block groups
    // instead of packing them beside it, so a candidate that lands in a freshly emptied group has a
    // next one elsewhere. Elsewhere (no chattr, another file system) this does nothing.
    try {
      execFileSync('chattr', ['+T', root], { stdio: 'ignore' });
    } catch {
      // not ext4, or no chattr: the probe below still picks
    }
  }
  return root;
}

/**
 * Writes out what earlier servers left in the page cache: the kept folders' photos (B1's app leaves
 * ~0.7 GB, its floor more) would otherwise be written back by the kernel while the next server is measured.
 */
function writeBack() {
  try {
    execFileSync('sync', { stdio: 'ignore' });
  } catch {
    // no sync command: the kernel writes back on its own schedule
  }
}

/** A fresh folder under the run's root, removed when the run exits (no probe: nothing timed writes there). */
export function runFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(scratchRoot(), prefix));
}

/** CPU (ms) per new empty file in `dir`, over a few files left there. */
function newFileMs(dir: string) {
  const before = process.cpuUsage();
  for (let i = 0; i < PROBE_FILES; i++) fs.closeSync(fs.openSync(path.join(dir, `.probe-${i}`), 'wx'));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / PROBE_FILES / 1000;
}

/**
 * A fresh folder under the run's root, where a new file costs what it should (the first of up to
 * TRIES candidates under SLOW_NEW_FILE_MS, else the cheapest), made once what earlier servers wrote is
 * on disk. Removed when the run exits.
 */
export function scratchDir(): string {
  writeBack();
  const tried: { dir: string; ms: number }[] = [];
  for (let i = 0; i < TRIES; i++) {
    const dir = runFolder('d-');
    tried.push({ dir, ms: newFileMs(dir) });
    if (tried[i].ms <= SLOW_NEW_FILE_MS) break;
  }
  const taken = tried.reduce((a, b) => (b.ms < a.ms ? b : a));
  for (const t of tried) probes.push({ newFileMs: Math.round(t.ms * 1000) / 1000, taken: t === taken });
  if (taken.ms > SLOW_NEW_FILE_MS)
    process.stderr.write(
      `scratch: no folder under ${SLOW_NEW_FILE_MS} ms per new file in ${TRIES} tries; took one at ${taken.ms.toFixed(3)} ms\n`,
    );
  return taken.dir;
}
