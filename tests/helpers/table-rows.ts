import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '#server/db/connection';

// Every table's rows on SQLite and on PostgreSQL, in a form both compare by (migrate-to-pg.test.ts).

/** A value as both databases can be compared by: bytes as hex, 64-bit integers and booleans as numbers. */
const normal = (v: unknown) =>
  Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : typeof v === 'bigint' || typeof v === 'boolean' ? Number(v) : v;
/** Rows as comparable text: keys in order (PostgreSQL keeps rowid last), values normalised, rows sorted. */
const sorted = (rows: Record<string, unknown>[]) =>
  rows
    .map((r) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(r)
            .map(([k, v]) => [k, normal(v)])
            .sort(),
        ),
      ),
    )
    .sort();

/** Every ordinary table of the SQLite file, its rows normalised (with SQLite's rowid, where PostgreSQL keeps it). */
export function sqliteTables(file: string, keepRowid: (table: string) => boolean) {
  const lite = new SQLite(file, { readonly: true });
  try {
    const tables = (lite.pragma('table_list') as { schema: string; name: string; type: string }[])
      .filter((t) => t.schema === 'main' && t.type === 'table' && !/^(sqlite_|kysely_)/.test(t.name))
      .map((t) => t.name);
    return Object.fromEntries(
      tables.map((t) => {
        const rows = lite.prepare(`SELECT ${keepRowid(t) ? 'rowid AS rowid, ' : ''}* FROM "${t}"`).all() as Record<
          string,
          unknown
        >[];
        return [t, sorted(rows)];
      }),
    );
  } finally {
    lite.close();
  }
}

export async function pgTables(db: Db) {
  const { rows } = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { table_name } of rows) {
    const r = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table_name)}`.execute(db);
    out[table_name] = sorted(r.rows);
  }
  return out;
}

/** Every table on PostgreSQL holds exactly the SQLite file's rows; returns the SQLite side. */
export async function expectSameRows(file: string, db: Db) {
  const pg = await pgTables(db);
  const lite = sqliteTables(file, (t) => pg[t]?.[0]?.includes('"rowid":') ?? false);
  expect(Object.keys(pg).sort()).toEqual(Object.keys(lite).sort());
  for (const t of Object.keys(lite)) expect(pg[t], t).toEqual(lite[t]);
  return lite;
}

export const counts = (tables: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, rows.length]));
