import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb, openPostgres } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';
import { migrations } from '../migrations/index';
import { adminQuery, onPostgres, openTestDb, pgUrl } from './helpers/test-db';

// `npm run test:pg`: the migrations, written once in SQLite's words, give PostgreSQL the same schema
// (migrations/postgres-ddl.ts): the same tables, columns, types, nullability and indexed columns.

type Column = { table: string; column: string; type: string; nullable: boolean };

const TYPE_CLASS: Record<string, string> = {
  TEXT: 'text',
  INTEGER: 'integer',
  BLOB: 'bytes',
  text: 'text',
  integer: 'integer',
  bigint: 'integer',
  bytea: 'bytes',
};
// SQLite has it without saying so (the list's tie-breaker): PostgreSQL's is a real column.
const PG_ONLY = new Set(['event_registrations.rowid']);

async function sqliteColumns(): Promise<Column[]> {
  const db = openDb(':memory:');
  await migrateToLatest(db);
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
    AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(db);
  const out: Column[] = [];
  for (const { name } of tables.rows) {
    const cols = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`SELECT * FROM pragma_table_info(${name})`.execute(db);
    for (const c of cols.rows) {
      out.push({
        table: name,
        column: c.name,
        type: TYPE_CLASS[c.type] ?? c.type,
        nullable: c.notnull === 0 && c.pk === 0,
      });
    }
  }
  await db.destroy();
  return out.sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

async function postgresColumns(): Promise<Column[]> {
  const db = await openTestDb();
  const cols = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(db);
  return cols.rows
    .filter((c) => !PG_ONLY.has(`${c.table_name}.${c.column_name}`))
    .map((c) => ({
      table: c.table_name,
      column: c.column_name,
      type: TYPE_CLASS[c.data_type] ?? c.data_type,
      nullable: c.is_nullable === 'YES',
    }))
    .sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

describe.skipIf(!onPostgres())('one schema on both databases', () => {
  it('has the same tables and columns, with the same types and nullability', async () => {
    const [lite, pg] = await Promise.all([sqliteColumns(), postgresColumns()]);
    expect(lite.length).toBeGreaterThan(50);
    expect(pg).toEqual(lite);
  });

  it('indexes the same columns of each table', async () => {
    const lite = openDb(':memory:');
    await migrateToLatest(lite);
    const liteIdx = await sql<{ tbl_name: string; name: string }>`SELECT tbl_name, name FROM sqlite_master
      WHERE type = 'index' AND sql IS NOT NULL`.execute(lite);
    const pg = await openTestDb();
    const pgIdx = await sql<{ tablename: string; indexname: string }>`SELECT tablename, indexname FROM pg_indexes
      WHERE schemaname = 'public'`.execute(pg);
    const pgNames = new Set(pgIdx.rows.map((r) => `${r.tablename}.${r.indexname}`));
    // every index made by name in the migrations exists on PostgreSQL too
    for (const r of liteIdx.rows) expect(pgNames, `${r.tbl_name}.${r.name}`).toContain(`${r.tbl_name}.${r.name}`);
    await lite.destroy();
  });
});

describe.skipIf(!onPostgres())('migrating PostgreSQL', () => {
  it('runs each migration once when two processes start on an empty database together', async () => {
    const name = `m_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const a = openPostgres(pgUrl(name), { max: 1 });
    const b = openPostgres(pgUrl(name), { max: 1 });
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      // one of them applied everything, the other found nothing left to do
      expect([ra.length, rb.length].sort()).toEqual([0, Object.keys(migrations).length]);
      const applied = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(a);
      expect(Number(applied.rows[0].n)).toBe(Object.keys(migrations).length);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
