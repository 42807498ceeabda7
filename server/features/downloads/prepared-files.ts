import type { Kysely } from 'kysely';
import { DOWNLOADS } from '#shared/constants';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/ids';
import {
  deleteExpiredPrepared,
  deletePrepared,
  eventHoldsData,
  findPrepared,
  findPreparedKey,
  heldTotals,
  insertPrepared,
  liveSizes,
  renewPrepared,
} from './prepared-files.repo';

export type PreparedFile = { bytes: Buffer; fileName: string; contentType: string };
export type PreparedBudget = { maxFiles: number; maxBytes: number };

const DEFAULT_BUDGET: PreparedBudget = {
  maxFiles: DOWNLOADS.MAX_PREPARED_FILES,
  maxBytes: DOWNLOADS.PREPARED_MAX_BYTES,
};

/**
 * Files built by downloads.prepare, kept in the database under a random key until GET
 * /api/downloads/{key} fetches them (spec §7 download-attendees returns a downloadUrl), so the link works
 * on any process that shares the database, and after a restart. Short-lived (DOWNLOADS.FILE_TTL_MS) and
 * bounded in count and in bytes (the oldest goes first; with several processes each `put` trims, so the
 * bound holds up to the files being written at that moment). A file may carry `sameAs`, a fingerprint
 * of everything it was built from: asking again with it hands back the file already built. An erasure
 * deletes the event's files in its own transaction, and `put` refuses a file whose event was erased (or
 * deleted) while it was being built; an attendee's own removal does the same for the files holding them.
 * One store per app, built in createDeps.
 */
export function createPreparedFiles(db: Kysely<Database>, clock: Clock, budget: PreparedBudget = DEFAULT_BUDGET) {
  const nowIso = () => clock.now().toISOString();
  const expiry = () => new Date(clock.now().getTime() + DOWNLOADS.FILE_TTL_MS).toISOString();
  return {
    /**
     * Keeps a file of `eventId`; undefined if the event's attendee data is gone (erased while it was built),
     * or, given the event's self_removed_count read before the rows, someone on it has removed themselves since.
     */
    async put(
      eventId: string,
      file: PreparedFile,
      sameAs?: string,
      selfRemovals?: number,
    ): Promise<string | undefined> {
      const now = nowIso();
      const key = randomToken(32);
      const kept = await db.transaction().execute(async (trx) => {
        if (!(await eventHoldsData(trx, eventId, selfRemovals))) return false;
        await deleteExpiredPrepared(trx, now);
        const live = await liveSizes(trx, now);
        let files = live.length;
        let bytes = live.reduce((n, r) => n + Number(r.size), 0);
        const dropped: string[] = [];
        // A single file over the whole budget is still kept (alone): refusing it would refuse the download.
        for (const f of live) {
          if (files < budget.maxFiles && bytes + file.bytes.length <= budget.maxBytes) break;
          dropped.push(f.key);
          files -= 1;
          bytes -= Number(f.size);
        }
        await deletePrepared(trx, dropped);
        await insertPrepared(trx, {
          key,
          event_id: eventId,
          file_name: file.fileName,
          content_type: file.contentType,
          bytes: file.bytes,
          size: file.bytes.length,
          same_as: sameAs ?? null,
          created_at: now,
          expires_at: expiry(),
        });
        return true;
      });
      return kept ? key : undefined;
    },
    /** The key of a file built from the same data, its link renewed for a full FILE_TTL_MS; undefined when there is none. */
    async reuse(sameAs: string): Promise<string | undefined> {
      const now = nowIso();
      const key = await findPreparedKey(db, sameAs, now);
      return key !== undefined && (await renewPrepared(db, key, now, expiry())) ? key : undefined;
    },
    /** The file while its link is valid (it may be fetched again within that time: a retried download). */
    async get(key: string): Promise<PreparedFile | undefined> {
      const row = await findPrepared(db, key, nowIso());
      return row && { bytes: row.bytes, fileName: row.file_name, contentType: row.content_type };
    },
    /** Deletes expired files (the clean-up job; `put` does it too). */
    deleteExpired: () => deleteExpiredPrepared(db, nowIso()),
    /** Files and bytes held now (for tests and logs). */
    held: () => heldTotals(db, nowIso()),
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
