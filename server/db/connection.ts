import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { DB } from '../constants';
import type { Log } from '../lib/log';
import { createPrivateFile, mkdirPrivate } from '../lib/private-files';
import { loadPg } from './pg-module';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Opens the SQLite file (or ':memory:') with the pragmas of ARCHITECTURE "Data". */
export function openDb(file: string): Db {
  if (file !== ':memory:') {
    mkdirPrivate(path.dirname(file));
    // SQLite gives -wal and -shm the database file's mode.
    createPrivateFile(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('secure_delete = ON');
  // Statement journals and sort b-trees in memory, not in unlinked temp files: a join group's savepoint
  // journal held entries' pages in a file per group (a file made on every ~4th join, bench B1), and the
  // blocks of a deleted temp file keep the names they held where secure_delete cannot reach them.
  sqlite.pragma('temp_store = MEMORY');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * A pool on PostgreSQL (DATABASE_URL). Counts, sums and identity columns come back as numbers, as they
 * do from SQLite (pg gives 64-bit integers as strings; every figure here is far below 2^53).
 * `name` is the connections' application_name (pg_stat_activity); `idleMs` 0 keeps idle connections open.
 */
export function openPostgres(
  url: string,
  o: { max?: number; idleMs?: number; name?: string; onError?: (err: Error) => void } = {},
): Db {
  const pg = loadPg();
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID || oid === NUMERIC_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({
    connectionString: url,
    max: o.max ?? DB.PG_POOL_MAX,
    idleTimeoutMillis: o.idleMs,
    application_name: o.name,
    types,
  });
  // A connection's error (the server restarted, an administrator ended it) is heard on the connection
  // itself, checked out or idle: pg emits it with no query to go to when a request holds the connection
  // between two queries, and unheard it would end the process. The query that next uses it fails; the
  // pool then drops it and makes a new one. One report per connection: a connection the server ends says
  // so (its FATAL message), then its socket closes (a second error); the pool repeats an idle one's.
  pool.on('connect', (client) => {
    let told = false;
    client.on('error', (err) => {
      if (!told) o.onError?.(err);
      told = true;
    });
  });
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** What the app's pools do with a connection the server dropped (a restart, a failover): say so; the pool makes a new one for the next query. */
export const logLostConnection = (log: Log, pool: 'main' | 'live') => (err: Error) =>
  log.warn(
    { pool, err: { message: err.message, code: (err as { code?: string }).code } },
    'database connection lost; reconnecting',
  );

/**
 * Kysely asks the driver to prepare every query it runs, and compiling the SQL again each time was
 * ~0.05 ms per statement (bench B1: seven per join). The compiled statements are kept by their text,
 * the least recently used dropped past DB.STATEMENT_CACHE. Safe because Kysely runs one query at a
 * time on the single connection, and nothing here streams rows (an open iterator would hold its statement).
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else {
        statement = sqlite.prepare(text);
        if (statements.size >= DB.STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
