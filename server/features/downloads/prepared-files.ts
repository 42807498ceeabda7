import { DOWNLOADS } from '#shared/constants';
import type { Deps } from '../../deps';
import { randomToken } from '../../lib/ids';

export type PreparedFile = { bytes: Buffer; fileName: string; contentType: string };
type Held = PreparedFile & { expiresAt: number };

/**
 * Files built by downloads.prepare, held in memory under a random key until GET /api/downloads/{key}
 * fetches them (spec §7 download-attendees returns a downloadUrl). Short-lived (DOWNLOADS.FILE_TTL_MS)
 * and bounded (DOWNLOADS.MAX_PREPARED_FILES, oldest dropped first); a restart simply forgets them and the
 * browser prepares again. One store per app (keyed by its deps), so test servers never share files.
 */
function createPreparedFiles(now: () => number) {
  const files = new Map<string, Held>();
  const sweep = () => {
    const t = now();
    for (const [key, f] of files) if (f.expiresAt <= t) files.delete(key);
  };
  return {
    put(file: PreparedFile): string {
      sweep();
      while (files.size >= DOWNLOADS.MAX_PREPARED_FILES) {
        const oldest = files.keys().next().value;
        if (oldest === undefined) break;
        files.delete(oldest);
      }
      const key = randomToken(32);
      files.set(key, { ...file, expiresAt: now() + DOWNLOADS.FILE_TTL_MS });
      return key;
    },
    /** The file while its link is valid (it may be fetched again within that time: a retried download). */
    get(key: string): PreparedFile | undefined {
      const f = files.get(key);
      if (!f) return undefined;
      if (f.expiresAt <= now()) {
        files.delete(key);
        return undefined;
      }
      return { bytes: f.bytes, fileName: f.fileName, contentType: f.contentType };
    },
  };
}

const stores = new WeakMap<Deps, ReturnType<typeof createPreparedFiles>>();

export function preparedFiles(deps: Deps) {
  let store = stores.get(deps);
  if (!store) {
    store = createPreparedFiles(() => deps.clock.now().getTime());
    stores.set(deps, store);
  }
  return store;
}

export const DOWNLOAD_PATH = '/api/downloads/';

/** A file name any system accepts: no path or control characters, no leading dot, at most 100 characters. */
export function safeFileName(base: string, ext: string): string {
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*/:<>?\\|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100)
    .trim();
  return `${clean || 'attendees'}.${ext}`;
}
