import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, startScheduler } from '#server/jobs/scheduler';
import { WS_CLOSE } from '#shared/constants';
import { apiJoin, organiserEvent } from '../helpers/attendees-browser';
import { watch } from '../helpers/live-watch';
import { startTestServer, type TestServer } from '../helpers/server';
import { adminQuery, onPostgres, pgUrl } from '../helpers/test-db';
import { createWsOnlyClient } from '../helpers/ws-client';

// `npm run test:pg`: two app servers on one PostgreSQL database, as two processes behind one address
// (README "PostgreSQL"). The live bus carries a change committed by one to the screens watching the
// other, in log order, each once, and a session ended on one to the sockets it opened on the other; a
// bus connection that drops catches up from the log.

describe.skipIf(!onPostgres())('two servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    const name = `two_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const env = { DATABASE_URL: pgUrl(name) };
    // started together: the migrations run once (PostgreSQL's migration lock)
    [a, b] = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('each reports its database and its bus connection on /healthz', async () => {
    for (const s of [a, b]) {
      expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ ok: true, db: 'ok', bus: 'ok' });
    }
  });

  it('a join accepted by A reaches a subscriber of B; joins on both arrive in log order, each once', async () => {
    const { event } = await organiserEvent(a);
    const viewer = b.client();
    const { lastEventId } = await viewer.trpc.live.cursor.query({ eventId: event.id });
    const w = watch(viewer.trpc.live.onEvent, { eventId: event.id, lastEventId });
    try {
      await viewer.trpc.live.cursor.query({ eventId: event.id }); // the subscription is up by now
      const first = await apiJoin(a, event.id, { first_name: 'Ada', last_name: 'Lovelace' });
      await w.count(1);
      expect(w.items[0].data).toMatchObject({ kind: 'joined', id: first.registration.id });

      const ids = [first.registration.id];
      for (let i = 0; i < 10; i++) {
        const server = i % 2 ? a : b;
        ids.push((await apiJoin(server, event.id, { first_name: `P${i}`, last_name: 'Burst' })).registration.id);
      }
      await w.count(ids.length);
      const seqs = w.items.map((x) => Number(x.id));
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      expect(w.items.map((x) => (x.data as { id: string }).id)).toEqual(ids);
    } finally {
      w.unsubscribe();
      viewer.close();
    }
  });

  it('counts the joins of one address on both servers against one ceiling', async () => {
    const { event } = await organiserEvent(a);
    const attempts = async () =>
      (await a.deps.db.selectFrom('rate_limits').select(['key', 'attempts']).execute())
        .filter((r) => r.key.includes('join:ip:'))
        .reduce((n, r) => n + r.attempts, 0);
    const before = await attempts();
    await apiJoin(a, event.id, { first_name: 'One', last_name: 'Here' });
    await apiJoin(b, event.id, { first_name: 'Two', last_name: 'There' });
    await apiJoin(a, event.id, { first_name: 'Three', last_name: 'Here' });
    expect((await attempts()) - before).toBe(3);
  });

  it('a sign-out handled by A closes the socket that session opened on B', async () => {
    const http = await a.signedIn('grace@example.com', 'Str0ng!Pass');
    const ws = createWsOnlyClient(b.url, http.cookie());
    try {
      expect(await ws.trpc.auth.me.query()).toMatchObject({ email: 'grace@example.com' });
      await http.trpc.auth.signOut.mutate();
      expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
      expect(await ws.trpc.auth.me.query()).toBeNull(); // the reconnect is anonymous
    } finally {
      await ws.close();
    }
  });

  it('both starting their jobs together: the due erasure is done once', async () => {
    const { event } = await organiserEvent(a);
    const joined = await apiJoin(b, event.id, { first_name: 'Due', last_name: 'Today' });
    await a.deps.db
      .updateTable('events')
      .set({ scheduled_deletion_date: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', event.id)
      .execute();
    const erased: string[] = [];
    for (const s of [a, b]) {
      const info = s.deps.log.info.bind(s.deps.log);
      s.deps.log.info = ((o: unknown, msg?: string) => {
        if (msg === 'attendee data erased') erased.push((o as { eventId: string }).eventId);
        return info(o as object, msg);
      }) as typeof s.deps.log.info;
    }
    const only = jobs.filter((j) => j.name === 'gdpr-erase');
    const [ja, jb] = [startScheduler(a.deps, only), startScheduler(b.deps, only)];
    await Promise.all([ja.firstRun, jb.firstRun]);
    await Promise.all([ja(), jb()]);
    expect(erased).toEqual([event.id]);
    const row = await b.deps.db
      .selectFrom('events')
      .select('personal_data_deleted')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.personal_data_deleted).toBe(1);
    // (its photo file is in B's DATA_DIR: shared files are shown in app-processes.test.ts, on S3)
    const left = await a.deps.db
      .selectFrom('event_registrations')
      .select('id')
      .where('id', '=', joined.registration.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("B's bus connection dropping loses nothing: B catches up from the log when it is back", async () => {
    const { event } = await organiserEvent(a);
    const viewer = b.client();
    const { lastEventId } = await viewer.trpc.live.cursor.query({ eventId: event.id });
    const w = watch(viewer.trpc.live.onEvent, { eventId: event.id, lastEventId });
    try {
      await viewer.trpc.live.cursor.query({ eventId: event.id });
      await adminQuery(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'roomlist-live-bus'",
      );
      const joined = await apiJoin(a, event.id, { first_name: 'Grace', last_name: 'Hopper' });
      await w.count(1);
      expect(w.items.map((x) => (x.data as { id: string }).id)).toEqual([joined.registration.id]);
    } finally {
      w.unsubscribe();
      viewer.close();
    }
  });
});
