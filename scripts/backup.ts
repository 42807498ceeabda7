import path from 'node:path';
import { sql } from 'kysely';
import { createPrivateFile, mkdirPrivate } from '../server/lib/private-files';
import { openConfiguredDb } from './cli-db';

/** npm run backup [-- <file>]: a consistent copy of the live database (VACUUM INTO), safe while serving. */
const { db, config } = await openConfiguredDb();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `app-${stamp}.db`));
mkdirPrivate(path.dirname(file));
// VACUUM INTO writes into an empty file and keeps its mode: the copy holds personal data.
createPrivateFile(file);
await sql`VACUUM INTO ${file}`.execute(db);
await db.destroy();
console.log(`Backup written to ${file}`);
