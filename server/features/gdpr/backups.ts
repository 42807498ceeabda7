import fs from 'node:fs/promises';
import path from 'node:path';
import { GDPR } from '#shared/constants';
import type { Deps } from '../../deps';

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * ARCHITECTURE "Data": backups hold attendees too, so a copy in DATA_DIR/backups/ (the pre-migration
 * ones and `npm run backup`) is deleted once it is older than GDPR.BACKUP_KEEP_MS (by its modification
 * time): no copy outlives an erasure by more than that. Copies moved elsewhere are the operator's.
 */
export async function pruneBackups(deps: Deps): Promise<string[]> {
  const dir = backupsDir(deps.config.dataDir);
  const before = deps.clock.now().getTime() - GDPR.BACKUP_KEEP_MS;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.endsWith('.db')) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    removed.push(name);
  }
  if (removed.length > 0) deps.log.info({ files: removed }, 'expired backups deleted');
  return removed;
}
