import 'dotenv/config';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../server/config';
import { type Db, openPostgres } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { uploadsDir } from '../server/features/storage/disk-storage';
import { usingDatabase } from '../server/lib/start-error';
import { checkSourceMigrations, copyAll, openSource, Refusal } from './sqlite-to-postgres';

/**
 * DATABASE_URL=postgres://… npm run migrate-to-pg [-- --from <file>]: copies the SQLite install into an
 * empty PostgreSQL database (docs/migrate-to-pg.md). Exits 0 when everything was copied; 1, with one
 * line and nothing copied, otherwise; 2 on bad usage.
 */
const USAGE = 'Usage: DATABASE_URL=postgres://… npm run migrate-to-pg [-- --from <sqlite file>]';

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let from: string | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--from' && args[i + 1]) from = args[++i];
  else usage(`Unknown argument: ${args[i]}`);
}

const config = loadConfigOrExit();
const url = config.databaseUrl ?? usage('DATABASE_URL is not set: it names the PostgreSQL database to copy into');
const file = path.resolve(from ?? path.join(config.dataDir, 'app.db'));
const u = new URL(url);
const where = `${u.hostname}:${u.port || '5432'}${u.pathname}`;

console.log(`Copying ${file} (opened read-only) into PostgreSQL at ${where}.`);
console.log('The app must be stopped while this runs: every process, on either database.');

let target: Db | undefined;
let source: ReturnType<typeof openSource> | undefined;
try {
  if (!fs.existsSync(file)) throw new Refusal(`No SQLite database at ${file} (set DATA_DIR, or pass --from <file>)`);
  source = openSource(file);
  checkSourceMigrations(source, file);
  target = openPostgres(url, { max: 1 });
  const db = target;
  const applied = await usingDatabase(url, () => migrateToLatest(db));
  console.log(
    applied.length > 0
      ? `PostgreSQL migrated to the current schema (${applied.length} migrations applied)`
      : 'PostgreSQL is at the current schema',
  );
  const width = 28;
  const { tables, targetOnly } = await copyAll(source, target, ({ table, rows }) =>
    console.log(`  ${table.padEnd(width)} ${String(rows).padStart(9)}`),
  );
  for (const t of targetOnly) console.log(`  ${t.padEnd(width)}  (PostgreSQL only: not copied)`);
  const total = tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Copied ${total} rows in ${tables.length} tables in one transaction; every count verified.`);
  console.log(
    `Uploaded files are not in the database: copy ${uploadsDir(config)} to the uploads folder of the new processes' DATA_DIR (or to their object storage) before starting them with DATABASE_URL.`,
  );
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  console.error(
    `migrate-to-pg ${err instanceof Refusal ? 'refused' : 'failed'}: ${message.split('\n')[0]} (nothing was copied)`,
  );
  process.exitCode = 1;
} finally {
  source?.close();
  await target?.destroy();
}
