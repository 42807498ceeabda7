import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { StartError } from '#server/lib/start-error';
import { adminQuery, onPostgres, pgUrl } from '../helpers/test-db';

// `npm run test:pg`: the server on DATABASE_URL, as an operator runs it: a database it cannot reach
// stops the start with one line; a connection dropped while running is replaced, with a log line.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function config(databaseUrl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-pgconn-'));
  dirs.push(dir);
  return loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
}

/** A log that keeps its warnings' messages (what an operator would read). */
function warnings() {
  const lines: string[] = [];
  const log = {
    warn: (_o: unknown, msg?: string) => void lines.push(msg ?? ''),
    info: () => {},
    error: () => {},
    debug: () => {},
    child() {
      return this;
    },
  };
  return { lines, log };
}

describe.skipIf(!onPostgres())('the server on PostgreSQL', () => {
  it('stops at start with one line naming the database, never its password, when it cannot be used', async () => {
    const missing = pgUrl('no_such_database').replace('roomlist@', 'roomlist:s3cret@');
    const err = await createApp(config(missing)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartError);
    expect((err as Error).message).toMatch(
      /^Cannot use the database at 127\.0\.0\.1:\d+\/no_such_database \(DATABASE_URL\): no such database$/,
    );
    const closed = await createApp(config('postgres://roomlist:s3cret@127.0.0.1:1/roomlist')).catch((e: unknown) => e);
    expect((closed as Error).message).toBe(
      'Cannot use the database at 127.0.0.1:1/roomlist (DATABASE_URL): ECONNREFUSED',
    );
  });

  it('answers again after the database drops its connections, and says so in the log', async () => {
    const name = `conn_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const { lines, log } = warnings();
    const app = await createApp(config(pgUrl(name)), { log: log as never });
    try {
      const { url } = await app.listen(0, '127.0.0.1');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await adminQuery(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      await expect.poll(() => lines).toContain('database connection lost; reconnecting');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await sql`SELECT 1`.execute(app.deps.db);
    } finally {
      await app.close();
    }
  });

  it('survives a connection dropped while a request holds it between two queries: that request fails, the next works', async () => {
    const name = `held_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const { lines, log } = warnings();
    const app = await createApp(config(pgUrl(name)), { log: log as never });
    try {
      const held = app.deps.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await adminQuery(`SELECT pg_terminate_backend(${rows[0].pid})`);
        // the connection is checked out and idle when it dies: its error has no query to go to
        await expect.poll(() => lines).toContain('database connection lost; reconnecting');
        await sql`SELECT 1`.execute(trx);
      });
      await expect(held).rejects.toThrow();
      expect(lines.filter((l) => l === 'database connection lost; reconnecting')).toHaveLength(1);
      await sql`SELECT 1`.execute(app.deps.db);
    } finally {
      await app.close();
    }
  });
});
