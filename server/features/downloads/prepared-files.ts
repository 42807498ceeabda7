import { DOWNLOADS } from '#shared/constants';
import type { Deps } from '../../deps';
import { randomToken } from '../../lib/ids';

export type PreparedFile = { bytes: Buffer; fileName: string; contentType: string };
type Held = PreparedFile & { expiresAt: number; sameAs?: string };

/**
 * Files built by downloads.prepare, held in memory under a random key until GET /api/downloads/{key}
 * fetches them (spec §7 download-attendees returns a downloadUrl). Short-lived (DOWNLOADS.FILE_TTL_MS)
 * and bounded in count and in bytes (DOWNLOADS.MAX_PREPARED_FILES, DOWNLOADS.PREPARED_MAX_BYTES; the
 * oldest goes first); a restart simply forgets them and the browser prepares again. A file may carry
 * `sameAs`, a fingerprint of everything it was built from: asking again with the same fingerprint hands
 * back the held file instead of building another copy. One store per app (keyed by its deps), so test
 * servers never share files.
 */
function createPreparedFiles(now: () => number) {
  const files = new Map<string, Held>();
  let heldBytes = 0;
  const drop = (key: string) => {
    const f = files.get(key);
    if (!f) return;
    heldBytes -= f.bytes.length;
    files.delete(key);
  };
  const sweep = () => {
    const t = now();
    for (const [key, f] of files) if (f.expiresAt <= t) drop(key);
  };
  const full = (adding: number) =>
    files.size >= DOWNLOADS.MAX_PREPARED_FILES || heldBytes + adding > DOWNLOADS.PREPARED_MAX_BYTES;
  return {
    put(file: PreparedFile, sameAs?: string): string {
      sweep();
      // A single file over the whole budget is still held (alone): refusing it would refuse the download.
      while (files.size > 0 && full(file.bytes.length)) {
        const oldest = files.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      const key = randomToken(32);
      files.set(key, { ...file, sameAs, expiresAt: now() + DOWNLOADS.FILE_TTL_MS });
      heldBytes += file.bytes.length;
      return key;
    },
    /**
     * The key of a held file built from the same data, its link renewed for a full FILE_TTL_MS and
     * moved to the newest end (so the budget drops it last); undefined when there is none.
     */
    reuse(sameAs: string): string | undefined {
      sweep();
      for (const [key, f] of files) {
        if (f.sameAs !== sameAs) continue;
        files.delete(key);
        files.set(key, { ...f, expiresAt: now() + DOWNLOADS.FILE_TTL_MS });
        return key;
      }
      return undefined;
    },
    /** The file while its link is valid (it may be fetched again within that time: a retried download). */
    get(key: string): PreparedFile | undefined {
      const f = files.get(key);
      if (!f) return undefined;
      if (f.expiresAt <= now()) {
        drop(key);
        return undefined;
      }
      return { bytes: f.bytes, fileName: f.fileName, contentType: f.contentType };
    },
    /** Files and bytes held now (for tests and logs). */
    held: () => ({ files: files.size, bytes: heldBytes }),
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
