import { openPostgres } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';
import { startPgServer } from './pg-server';
import { adminQuery, pgUrl, TEMPLATE_DB } from './test-db';

/**
 * `npm run test:pg`: one PostgreSQL server for the run (Debian's package, initdb in a temp dir), and a
 * template database with every migration applied; each test copies it (tests/helpers/test-db.ts).
 */
export default async function setup() {
  const server = await startPgServer();
  process.env.ROOMLIST_TEST_PG = server.url('postgres');
  await adminQuery(`CREATE DATABASE ${TEMPLATE_DB}`);
  const db = openPostgres(pgUrl(TEMPLATE_DB), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return () => server.stop();
}
