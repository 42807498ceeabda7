import fs from 'node:fs/promises';
import path from 'node:path';
import { GDPR } from '#shared/constants';
import type { Deps } from '../../deps';
import { uploadsDir } from '../storage/disk-storage';
import { PHOTOS_URL_PREFIX } from '../storage/storage';
import { referencedUrls } from './erase.repo';

/**
 * Photo files that no registration points at and that are older than GDPR.ORPHAN_PHOTO_AGE_MS: a
 * process that died between writing a photo and committing its row (or between an erasure's commit and
 * its file deletions), or a delete that failed, must not leave a face on disk and on its old URL.
 * Returns how many files went.
 */
export async function sweepOrphanPhotos(deps: Deps): Promise<number> {
  const dir = path.join(uploadsDir(deps.config), 'photos');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const cutoff = deps.clock.now().getTime() - GDPR.ORPHAN_PHOTO_AGE_MS;
  const old: string[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < cutoff) old.push(name);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += 500) {
    const urls = old.slice(i, i + 500).map((name) => `${PHOTOS_URL_PREFIX}${name}`);
    const kept = await referencedUrls(deps.db, urls);
    for (const url of urls) {
      if (kept.has(url)) continue;
      // a half-written temporary file is not a storage name: remove it by path
      const removedOne = url.includes('/.')
        ? await fs.unlink(path.join(dir, url.slice(PHOTOS_URL_PREFIX.length))).then(() => true)
        : await deps.storage.remove(url);
      if (removedOne) removed += 1;
    }
  }
  if (removed > 0) deps.log.info({ files: removed }, 'orphaned photo files deleted');
  return removed;
}
