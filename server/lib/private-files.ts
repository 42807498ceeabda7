import fs from 'node:fs';

/**
 * Everything under DATA_DIR is personal data or a live link (database, outbox, uploads, backups):
 * owner-only, whatever the umask.
 */
export const PRIVATE = { DIR: 0o700, FILE: 0o600 } as const;

/** Creates a folder (and missing parents) owner-only; an existing folder is left as it is. */
export function mkdirPrivate(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE.DIR });
}

/** Creates an empty owner-only file for SQLite to write into (it keeps an existing file's mode). */
export function createPrivateFile(file: string) {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE.FILE));
}

/**
 * DATA_DIR itself: created owner-only, and an older one that others can read is closed at start
 * (that covers the files inside, whatever their own modes). Returns what it did, for the log.
 */
export function restrictDataDir(dir: string): 'ok' | 'restricted' | { failed: string } {
  mkdirPrivate(dir);
  const mode = fs.statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return 'ok';
  try {
    fs.chmodSync(dir, mode & PRIVATE.DIR);
    return 'restricted';
  } catch (err) {
    return { failed: (err as Error).message };
  }
}
