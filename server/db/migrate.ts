import path from 'node:path';
import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import { migrations } from '../../migrations/index';
import { NOCASE_COLLATION } from '../../migrations/postgres-ddl';
import { createPrivateFile, mkdirPrivate } from '../lib/private-files';
import { isPostgres } from './dialect';

// any fixed number: two processes creating the collation at once take turns on it
const PG_COLLATION_LOCK = 4_242_001;

type Log = { info: (obj: object, msg?: string) => void };

function migrator(db: Kysely<any>, list: Record<string, Migration>) {
  return new Migrator({ db, provider: { getMigrations: async () => list } });
}

/**
 * Applies pending migrations. When the database already holds data, a `VACUUM INTO` copy is taken
 * under backupDir first, so a failed migration can be rolled back by hand.
 */
export async function migrateToLatest(
  db: Kysely<any>,
  opts: { backupDir?: string; log?: Log; migrations?: Record<string, Migration> } = {},
) {
  // the collation SQLite has built in, which the DDL names (migrations/postgres-ddl.ts); under a lock of
  // its own, as IF NOT EXISTS is no guard against another process creating it at the same moment
  if (isPostgres(db)) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${PG_COLLATION_LOCK})`.execute(trx);
      await sql.raw(NOCASE_COLLATION).execute(trx);
    });
  }
  const m = migrator(db, opts.migrations ?? migrations);
  const known = await m.getMigrations();
  const pending = known.filter((x) => !x.executedAt);
  if (pending.length === 0) return [];
  const hasApplied = known.some((x) => x.executedAt);
  if (hasApplied && opts.backupDir && !isPostgres(db)) {
    mkdirPrivate(opts.backupDir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(opts.backupDir, `app-${stamp}-before-${pending[0].name}.db`);
    // VACUUM INTO writes into an empty file and keeps its mode.
    createPrivateFile(file);
    await sql`VACUUM INTO ${file}`.execute(db);
    opts.log?.info({ file }, 'database backed up before migrating');
  }
  const { error, results }: MigrationResultSet = await m.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  for (const r of results ?? []) opts.log?.info({ migration: r.migrationName, status: r.status }, 'migration');
  return results ?? [];
}
