import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openConfiguredDb } from './cli-db';

/** npm run backup [-- <file>]: a consistent copy of the live database (VACUUM INTO), safe while serving. */
const { db, config } = await openConfiguredDb();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `app-${stamp}.db`));
fs.mkdirSync(path.dirname(file), { recursive: true });
await sql`VACUUM INTO ${file}`.execute(db);
await db.destroy();
console.log(`Backup written to ${file}`);
