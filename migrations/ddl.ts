import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A migration from two blocks of raw DDL. Kysely does not wrap SQLite migrations in a transaction: each
 * block runs in its own, so a failure leaves nothing half-made. `--` comment lines are dropped.
 */
export function ddlMigration(up: string, down: string): Migration {
  const run = async (db: Kysely<unknown>, ddl: string) => {
    const statements = ddl
      .split(/;\s*\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter(Boolean);
    await db.transaction().execute(async (trx) => {
      for (const statement of statements) await sql.raw(statement).execute(trx);
    });
  };
  return { up: (db) => run(db, up), down: (db) => run(db, down) };
}
