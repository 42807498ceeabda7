import { type Kysely, PostgresAdapter, type RawBuilder, sql, type Transaction } from 'kysely';

// The two databases the app runs on (README "Scaling out"): SQLite by default, PostgreSQL with
// DATABASE_URL. Queries are written once; the few places the two differ ask here.

type AnyDb = Kysely<any> | Transaction<any>;

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: AnyDb): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: AnyDb) => dialectOf(db) === 'postgres';

/** Case-insensitive LIKE: SQLite's LIKE already is (for ASCII); PostgreSQL's is ILIKE. */
export const likeIgnoringCase = (d: Dialect) => sql.raw(d === 'postgres' ? 'ILIKE' : 'LIKE');

/**
 * A column as SQLite's NOCASE orders it (ASCII letters folded, every other character by its bytes:
 * "Édith" after "grace"), on either database. On PostgreSQL it is the expression its indexes hold
 * (migrations/postgres-ddl.ts), so a sorted page is read from the index there too.
 */
export function nocase(d: Dialect, column: string): RawBuilder<string> {
  return d === 'postgres' ? sql`(lower(${sql.ref(column)} COLLATE "C"))` : sql`${sql.ref(column)} COLLATE NOCASE`;
}
