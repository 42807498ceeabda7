import path from 'node:path';
import { sql } from 'kysely';
import { createPrivateFile, mkdirPrivate } from '../server/lib/private-files';
import { openConfiguredDb } from './cli-db';

/** npm run backup [-- <file>]: a consistent copy of the live database (VACUUM INTO), safe while serving. */
if (process.env.DATABASE_URL) {
  // PostgreSQL: its own tool makes a consistent copy while the app serves (README "PostgreSQL")
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom --file=roomlist.dump "$DATABASE_URL"',
  );
  process.exit(1);
}
const { db, config } = await openConfiguredDb();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `app-${stamp}.db`));
mkdirPrivate(path.dirname(file));
// VACUUM INTO writes into an empty file and keeps its mode: the copy holds personal data.
createPrivateFile(file);
await sql`VACUUM INTO ${file}`.execute(db);
await db.destroy();
console.log(`Backup written to ${file}`);
