import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';

// The two databases the app runs on (README "Scaling out"): SQLite by default, PostgreSQL with
// DATABASE_URL. Queries are written once; the few places the two differ ask here.

type AnyDb = Kysely<any> | Transaction<any>;

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: AnyDb): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: AnyDb) => dialectOf(db) === 'postgres';

/** Case-insensitive LIKE: SQLite's LIKE already is (for ASCII); PostgreSQL's is ILIKE. */
export const likeOperator = (db: AnyDb) => sql.raw(isPostgres(db) ? 'ILIKE' : 'LIKE');
