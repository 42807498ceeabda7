import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { type Storage, type StoredExt, UPLOADS_URL_PREFIX } from './storage';

export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * ARCHITECTURE "Data": files under DATA_DIR/uploads with content-addressed names (sha256 of the
 * bytes), so a name never changes meaning and can be cached forever; the same logo is stored once.
 */
export function createDiskStorage(dir: string): Storage {
  return {
    async put(bytes: Buffer, ext: StoredExt) {
      const name = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${ext}`;
      const file = path.join(dir, name);
      await fs.mkdir(dir, { recursive: true });
      try {
        await fs.access(file);
      } catch {
        // Write then rename: a reader never sees half a file.
        const tmp = path.join(dir, `.${name}.${process.pid}.${crypto.randomUUID()}.tmp`);
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, file);
      }
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
  };
}
