import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { randomToken } from '../../lib/ids';
import { PRIVATE } from '../../lib/private-files';
import {
  OWNED_PHOTO_PATH,
  PHOTOS_URL_PREFIX,
  type Storage,
  type StoredExt,
  storedName,
  UPLOADS_URL_PREFIX,
} from './storage';

/** The file calls the storage makes (node:fs; tests put a failing disk in between). */
export type FileSystem = Pick<typeof fs, 'writeFileSync' | 'renameSync' | 'unlinkSync' | 'mkdirSync' | 'promises'>;

export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * ARCHITECTURE "Data": files under DATA_DIR/uploads with content-addressed names (sha256 of the
 * bytes), so a name never changes meaning and can be cached forever; the same logo is stored once.
 * Attendee photos (putOwned) are the opposite: one fresh random name per registration under photos/,
 * so erasing a registration deletes exactly its file and no other row points at it.
 */
export function createDiskStorage(dir: string, files: FileSystem = fs): Storage {
  /**
   * Write then rename, so a reader never sees half a file; a failed write (a full disk) leaves no .tmp.
   * Synchronous, as SQLite writes its log on this thread: a photo is ~100 KB into the page cache, no
   * sync, and the four calls done in place cost less than four trips through libuv's thread pool
   * (docs/decisions/0011-join-fast-path.md, addendum "a photo written in place").
   */
  function writeWhole(tmp: string, file: string, bytes: Buffer, flag?: string) {
    try {
      files.writeFileSync(tmp, bytes, { mode: PRIVATE.FILE, flag });
      files.renameSync(tmp, file);
    } catch (err) {
      try {
        files.unlinkSync(tmp);
      } catch {
        // nothing was created, or it is gone already
      }
      throw err;
    }
  }

  return {
    async put(bytes: Buffer, ext: StoredExt) {
      const name = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${ext}`;
      const file = path.join(dir, name);
      await files.promises.mkdir(dir, { recursive: true, mode: PRIVATE.DIR });
      try {
        await files.promises.access(file);
      } catch {
        writeWhole(path.join(dir, `.${name}.${process.pid}.${crypto.randomUUID()}.tmp`), file, bytes);
      }
      return `${UPLOADS_URL_PREFIX}${name}`;
    },

    async putOwned(bytes: Buffer, ext: StoredExt, ownerId: string) {
      const name = `${ownerId}-${randomToken()}.${ext}`;
      const url = `${PHOTOS_URL_PREFIX}${name}`;
      if (!OWNED_PHOTO_PATH.test(url)) throw new Error('putOwned: the owner id must be a UUID');
      const photos = path.join(dir, 'photos');
      const tmp = path.join(photos, `.${name}.tmp`);
      const write = () => writeWhole(tmp, path.join(photos, name), bytes, 'wx');
      // The folder is made when missing, not checked on every join (one system call less, bench B1).
      try {
        write();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        files.mkdirSync(photos, { recursive: true, mode: PRIVATE.DIR });
        write();
      }
      return url;
    },

    async remove(url: string) {
      // Only names this storage makes (and a photo's half-written temporary file, which the orphan sweep
      // finds): no other path can be reached through a URL from a row.
      const name = storedName(url) ?? (TMP_PHOTO_PATH.test(url) ? url.slice(UPLOADS_URL_PREFIX.length) : undefined);
      if (name === undefined) return false;
      try {
        await files.promises.unlink(path.join(dir, name));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },

    async get(url: string) {
      const name = storedName(url);
      if (name === undefined) return undefined;
      try {
        return await files.promises.readFile(path.join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },

    async *listPhotos() {
      const photos = path.join(dir, 'photos');
      const names = await files.promises.readdir(photos).catch(() => [] as string[]);
      for (const name of names) {
        const stat = await files.promises.stat(path.join(photos, name)).catch(() => undefined);
        if (stat?.isFile()) yield { url: `${PHOTOS_URL_PREFIX}${name}`, modifiedMs: stat.mtimeMs };
      }
    },
  };
}

/** A photo's temporary file (`.{name}.tmp`), left behind only by a process that died while writing it. */
const TMP_PHOTO_PATH = /^\/uploads\/photos\/\.[\w.-]+\.tmp$/;
