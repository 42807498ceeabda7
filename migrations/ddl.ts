import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { toPostgres } from './postgres-ddl';

/**
 * `work` in a transaction of its own, or in the one it is already in: Kysely's migrator runs all of a
 * PostgreSQL migration run in one transaction (with its advisory lock), and SQLite's without.
 */
export function inTransaction<T>(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * A migration from two blocks of raw DDL, in SQLite's words (on PostgreSQL through ./postgres-ddl.ts).
 * Each block runs in one transaction, so a failure leaves nothing half-made. `--` comment lines are dropped.
 */
export function ddlMigration(up: string, down: string): Migration {
  const run = async (db: Kysely<unknown>, ddl: string) => {
    const statements = ddl
      .split(/;\s*\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter(Boolean)
      .map((s) => (db.getExecutor().adapter instanceof PostgresAdapter ? toPostgres(s) : s));
    await inTransaction(db, async (trx) => {
      for (const statement of statements) await sql.raw(statement).execute(trx);
    });
  };
  return { up: (db) => run(db, up), down: (db) => run(db, down) };
}

type Statements = { up: string[]; down: string[] };

/**
 * A migration that SQLite's words cannot say for PostgreSQL (a virtual table, triggers, an extension):
 * each database gets its own statements, listed one by one (a trigger's body holds `;` itself), run in
 * order in one transaction.
 */
export function perDialectMigration(m: { sqlite: Statements; postgres: Statements }): Migration {
  const run = async (db: Kysely<unknown>, pick: (s: Statements) => string[]) => {
    const statements = pick(db.getExecutor().adapter instanceof PostgresAdapter ? m.postgres : m.sqlite);
    await inTransaction(db, async (trx) => {
      for (const statement of statements) await sql.raw(statement).execute(trx);
    });
  };
  return { up: (db) => run(db, (s) => s.up), down: (db) => run(db, (s) => s.down) };
}
