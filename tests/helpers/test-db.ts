import pg from 'pg';
import { afterAll } from 'vitest';
import { DB } from '#server/constants';
import { type Db, openDb, openPostgres } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';

// The database a test gets: a fresh in-memory SQLite by default; under `npm run test:pg` a fresh
// PostgreSQL database copied from a migrated template (tests/helpers/pg-global-setup.ts).

export const TEMPLATE_DB = 'roomlist_template';
export const onPostgres = () => Boolean(process.env.ROOMLIST_TEST_PG);

let made = 0;
const opened: Db[] = [];

/** The server's address for one database (ROOMLIST_TEST_PG holds it for the `postgres` database). */
export function pgUrl(database: string): string {
  const url = new URL(process.env.ROOMLIST_TEST_PG as string);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(text: string) {
  const c = new pg.Client(pgUrl('postgres'));
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** A fresh database with every migration applied. */
export async function openTestDb(): Promise<Db> {
  if (!onPostgres()) {
    const db = openDb(':memory:');
    await migrateToLatest(db);
    return db;
  }
  return pool(await freshPgDatabase(), 4);
}

/**
 * A server's databases: a fresh one, and on PostgreSQL a second pool on it for the live feeds' reads, as
 * createDeps opens with DATABASE_URL (on SQLite the live reads go through the one connection).
 */
export async function openTestServerDbs(): Promise<{ db: Db; liveDb?: Db }> {
  if (!onPostgres()) return { db: await openTestDb() };
  const name = await freshPgDatabase();
  return { db: pool(name, 4), liveDb: pool(name, DB.PG_LIVE_POOL_MAX) };
}

async function freshPgDatabase() {
  made += 1;
  const name = `t_${process.pid}_${made}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  return name;
}

function pool(name: string, max: number) {
  // idle connections close soon: a file's tests each have a database, all closed after the file
  const db = openPostgres(pgUrl(name), { max, idleMs: 200 });
  opened.push(db);
  return db;
}

// Some files share one database across their tests (made in beforeAll): pools are closed after the file.
if (onPostgres()) {
  afterAll(async () => {
    // a server's app.close() may have closed its database already
    await Promise.all(opened.splice(0).map((db) => db.destroy().catch(() => undefined)));
  });
}
