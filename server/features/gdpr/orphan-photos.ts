import { GDPR } from '#shared/constants';
import type { Deps } from '../../deps';
import { referencedUrls } from './erase.repo';

const BATCH = 500;

/**
 * Photo files that no registration points at and that are older than GDPR.ORPHAN_PHOTO_AGE_MS: a
 * process that died between writing a photo and committing its row (or between an erasure's commit and
 * its file deletions), or a delete that failed, must not leave a face in storage and on its old URL.
 * Works the same on disk and in object storage. Returns how many files went.
 */
export async function sweepOrphanPhotos(deps: Deps): Promise<number> {
  const cutoff = deps.clock.now().getTime() - GDPR.ORPHAN_PHOTO_AGE_MS;
  let removed = 0;
  const removeUnreferenced = async (urls: string[]) => {
    const kept = await referencedUrls(deps.db, urls);
    for (const url of urls) if (!kept.has(url) && (await deps.storage.remove(url))) removed += 1;
  };
  let old: string[] = [];
  for await (const f of deps.storage.listPhotos()) {
    if (f.modifiedMs >= cutoff) continue;
    old.push(f.url);
    if (old.length === BATCH) {
      await removeUnreferenced(old);
      old = [];
    }
  }
  if (old.length > 0) await removeUnreferenced(old);
  if (removed > 0) deps.log.info({ files: removed }, 'orphaned photo files deleted');
  return removed;
}
