import { DOWNLOADS } from '#shared/constants';
import { randomToken } from '../../lib/ids';

export type PreparedFile = { bytes: Buffer; fileName: string; contentType: string };
type Held = PreparedFile & { eventId: string; expiresAt: number; sameAs?: string };

// Events erased lately, remembered so that a file whose build began before the erasure is not held after it.
const RECENT_ERASURES = 1_000;

/**
 * Files built by downloads.prepare, held in memory under a random key until GET /api/downloads/{key}
 * fetches them (spec §7 download-attendees returns a downloadUrl). Short-lived (DOWNLOADS.FILE_TTL_MS)
 * and bounded in count and in bytes (DOWNLOADS.MAX_PREPARED_FILES, DOWNLOADS.PREPARED_MAX_BYTES; the
 * oldest goes first); a restart simply forgets them and the browser prepares again. A file may carry
 * `sameAs`, a fingerprint of everything it was built from: asking again with the same fingerprint hands
 * back the held file instead of building another copy. Erasing an event's attendee data (or deleting
 * it) drops its files at once (`dropEvent`). One store per app, built in createDeps.
 */
export function createPreparedFiles(now: () => number) {
  const files = new Map<string, Held>();
  let heldBytes = 0;
  let erasures = 0;
  const erasedAt = new Map<string, number>();
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
    /** Taken before an event's rows are read: `put` refuses the file if the event was erased since. */
    ticket: () => erasures,
    /** Holds a file of `eventId` built from rows read after `ticket`; undefined if the event was erased meanwhile. */
    put(eventId: string, ticket: number, file: PreparedFile, sameAs?: string): string | undefined {
      if ((erasedAt.get(eventId) ?? -1) >= ticket) return undefined;
      sweep();
      // A single file over the whole budget is still held (alone): refusing it would refuse the download.
      while (files.size > 0 && full(file.bytes.length)) {
        const oldest = files.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      const key = randomToken(32);
      files.set(key, { ...file, eventId, sameAs, expiresAt: now() + DOWNLOADS.FILE_TTL_MS });
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
    /** The event's attendee data is gone: its files stop answering now, and files still being built are refused. */
    dropEvent(eventId: string) {
      erasedAt.delete(eventId);
      erasedAt.set(eventId, erasures++);
      if (erasedAt.size > RECENT_ERASURES) erasedAt.delete(erasedAt.keys().next().value as string);
      for (const [key, f] of files) if (f.eventId === eventId) drop(key);
    },
    /** Files and bytes held now (for tests and logs). */
    held: () => ({ files: files.size, bytes: heldBytes }),
  };
}

export type PreparedFiles = ReturnType<typeof createPreparedFiles>;

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
