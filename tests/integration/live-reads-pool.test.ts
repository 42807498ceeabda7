import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DB } from '#server/constants';
import { type Db, openPostgres } from '#server/db/connection';
import { insertBareEvent } from '../helpers/bare-event';
import { liveChanges } from '../helpers/live-changes';
import { watch } from '../helpers/live-watch';
import { startTestServer, type TestServer } from '../helpers/server';
import { adminQuery, onPostgres, pgUrl } from '../helpers/test-db';

// The live path's reads (the change log, the rows a batch sends, the cursor, a subscription's start) and
// the bus's NOTIFY go through `deps.liveDb`: on PostgreSQL a pool of their own, so deliveries do not
// queue behind a rush's joins in the main pool (bench B9); on SQLite the one connection.

let server: TestServer | undefined;
let other: Db | undefined;
afterEach(async () => {
  await server?.stop();
  await other?.destroy();
  server = other = undefined;
});

/** A server on a database of its own named by DATABASE_URL, as an operator runs it (createDeps opens both pools). */
async function serverOnItsOwnDatabase() {
  const name = `livepool_${process.pid}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  server = await startTestServer({ env: { DATABASE_URL: pgUrl(name) } });
  const now = new Date().toISOString();
  const { eventId } = await insertBareEvent(server.deps.db, now);
  return { name, eventId, server };
}

const connections = async (database: string, app: string) =>
  Number(
    (
      await adminQuery(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = '${database}' AND application_name = '${app}'`,
      )
    ).rows[0].n,
  );

describe('the live reads on SQLite', () => {
  it.skipIf(onPostgres())('go through the one connection', async () => {
    server = await startTestServer();
    expect(server.deps.liveDb).toBe(server.deps.db);
  });
});

describe.skipIf(!onPostgres())('the live reads on a pool of their own (PostgreSQL)', () => {
  it('a subscriber starts and gets changes while every connection of the main pool is held', async () => {
    const { name, eventId, server: s } = await serverOnItsOwnDatabase();
    expect(s.deps.liveDb).not.toBe(s.deps.db);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = 0;
    const held = Array.from({ length: DB.PG_POOL_MAX }, () =>
      s.deps.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        holding += 1;
        await gate;
      }),
    );
    let queuedAnswered = false;
    let queued: Promise<unknown> = Promise.resolve();
    const viewer = s.client();
    try {
      await expect.poll(() => holding).toBe(DB.PG_POOL_MAX);
      // the main pool is full: this waits until the gate opens
      queued = sql`SELECT 1`.execute(s.deps.db).then(() => {
        queuedAnswered = true;
      });

      const { lastEventId } = await viewer.trpc.live.cursor.query({ eventId });
      const w = watch(viewer.trpc.live.onEvent, { eventId, lastEventId });
      // changes committed on a connection of their own and published as the features publish them
      other = openPostgres(pgUrl(name), { max: 1 });
      const live = liveChanges({ ...s.deps, db: other }, eventId);
      const first = await live.join({ first_name: 'Ada' });
      await w.count(1);
      // the subscription is following the feed now: this one comes through the feed's own read
      const second = await live.join({ first_name: 'Grace' });
      await w.count(2);
      expect(w.items.map((i) => i.data.id)).toEqual([first, second]);
      expect(w.items.map((i) => i.data.registration?.first_name)).toEqual(['Ada', 'Grace']);
      expect(queuedAnswered).toBe(false);
      w.unsubscribe();
    } finally {
      viewer.close();
      release();
      await Promise.all([...held, queued]);
    }
    expect(queuedAnswered).toBe(true);
  });

  it('closing the app closes both pools', async () => {
    const { name, eventId, server: s } = await serverOnItsOwnDatabase();
    const viewer = s.client();
    await viewer.trpc.live.cursor.query({ eventId });
    viewer.close();
    expect(await connections(name, 'roomlist')).toBeGreaterThan(0);
    expect(await connections(name, 'roomlist-live')).toBeGreaterThan(0);

    await s.stop();
    server = undefined;
    await expect(sql`SELECT 1`.execute(s.deps.liveDb)).rejects.toThrow();
    await expect(sql`SELECT 1`.execute(s.deps.db)).rejects.toThrow();
    await expect.poll(() => connections(name, 'roomlist-live')).toBe(0);
    await expect.poll(() => connections(name, 'roomlist')).toBe(0);
  });
});
