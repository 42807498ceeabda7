import 'dotenv/config';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';

/** Opens the configured database for a command-line script, with migrations applied. */
export async function openConfiguredDb() {
  const config = loadConfig();
  const db = openDb(path.join(config.dataDir, 'app.db'));
  await migrateToLatest(db, { backupDir: path.join(config.dataDir, 'backups') });
  return { config, db };
}
