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

// The attendee search's index (migration 0011, docs/decisions/0020-attendee-search-index.md) is the one
// place the two schemas differ by design: on SQLite an FTS5 table (with the shadow tables FTS5 makes) kept
// in step by triggers, on PostgreSQL pg_trgm's GIN indexes. Each side's extra objects are listed here, and
// the tests below check that the differences are exactly these.
const SEARCH_INDEX = {
  sqliteTables: [
    'event_registrations_search',
    'event_registrations_search_config',
    'event_registrations_search_data',
    'event_registrations_search_idx',
  ],
  sqliteTriggers: [
    'event_registrations_search_delete',
    'event_registrations_search_insert',
    'event_registrations_search_update',
  ],
  postgresIndexes: [
    'event_registrations.event_registrations_trgm_email',
    'event_registrations.event_registrations_trgm_first',
    'event_registrations.event_registrations_trgm_full',
    'event_registrations.event_registrations_trgm_last',
  ],
};
const sqliteOnlyTables = new Set(SEARCH_INDEX.sqliteTables);

async function sqliteColumns(): Promise<Column[]> {
  const db = openDb(':memory:');
  await migrateToLatest(db);
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
    AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(db);
  const out: Column[] = [];
  for (const { name } of tables.rows) {
    if (sqliteOnlyTables.has(name)) continue;
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

async function sqliteSchema() {
  const db = openDb(':memory:');
  await migrateToLatest(db);
  const objects = await sql<{ type: string; name: string; tbl_name: string }>`SELECT type, name, tbl_name
    FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND sql IS NOT NULL`.execute(db);
  await db.destroy();
  const named = (type: string) =>
    objects.rows
      .filter((o) => o.type === type)
      .map((o) => o.name)
      .sort();
  const indexes = objects.rows.filter((o) => o.type === 'index').map((o) => `${o.tbl_name}.${o.name}`);
  return { tables: named('table'), triggers: named('trigger'), indexes };
}

async function postgresSchema() {
  const pg = await openTestDb();
  const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(pg);
  const triggers = await sql<{ name: string }>`SELECT DISTINCT trigger_name AS name FROM information_schema.triggers
    WHERE trigger_schema = 'public'`.execute(pg);
  // indexes made by name, not those PostgreSQL makes for a primary key or a UNIQUE constraint
  const indexes = await sql<{ name: string }>`SELECT tablename || '.' || indexname AS name FROM pg_indexes i
    WHERE schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c
      WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`.execute(pg);
  const names = (r: { rows: { name: string }[] }) => r.rows.map((x) => x.name).sort();
  return { tables: names(tables), triggers: names(triggers), indexes: names(indexes) };
}

describe.skipIf(!onPostgres())('one schema on both databases', () => {
  it('differs only by the search index: SQLite its FTS5 tables and triggers, PostgreSQL its trigram indexes', async () => {
    const [lite, pg] = await Promise.all([sqliteSchema(), postgresSchema()]);
    expect(lite.tables.filter((t) => !pg.tables.includes(t))).toEqual(SEARCH_INDEX.sqliteTables);
    expect(pg.tables.filter((t) => !lite.tables.includes(t))).toEqual([]);
    expect(lite.triggers).toEqual(SEARCH_INDEX.sqliteTriggers);
    expect(pg.triggers).toEqual([]);
    expect(pg.indexes.filter((i) => !lite.indexes.includes(i))).toEqual(SEARCH_INDEX.postgresIndexes);
  });

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

  it('stops, naming pg_trgm and what to run, when its role may not create the extension; starts once it exists', async () => {
    const name = `x_${process.pid}_${Date.now()}`;
    const role = `r_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    await adminQuery(`CREATE ROLE ${role} LOGIN`);
    // it may make tables, but not extensions (that needs CREATE on the database: its owner has it)
    const inDb = openPostgres(pgUrl(name), { max: 1 });
    await sql.raw(`GRANT CREATE ON SCHEMA public TO ${role}`).execute(inDb);
    const url = new URL(pgUrl(name));
    url.username = role;
    const limited = openPostgres(url.toString(), { max: 1 });
    try {
      const refused = await migrateToLatest(limited).then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(refused).toMatch(/needs PostgreSQL's pg_trgm extension: permission denied to create extension "pg_trgm"/);
      expect(refused).toMatch(/run CREATE EXTENSION pg_trgm in this database once/);
      // all of a start's migrations run in one transaction: nothing was left half-made
      const tables = await sql<{ n: number }>`SELECT count(*) AS n FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name = 'event_registrations'`.execute(inDb);
      expect(Number(tables.rows[0].n)).toBe(0);
      // what the README tells an operator to do, then the same start again
      await sql`CREATE EXTENSION pg_trgm`.execute(inDb);
      expect((await migrateToLatest(limited)).length).toBe(Object.keys(migrations).length);
    } finally {
      await Promise.all([limited.destroy(), inDb.destroy()]);
    }
  });
});
