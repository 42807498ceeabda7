import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createPrivateFile, mkdirPrivate } from '../lib/private-files';
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
