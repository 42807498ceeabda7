import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';
import { createS3Storage } from '#server/features/storage/s3-storage';
import { WS_CLOSE } from '#shared/constants';
import { insertBareEvent } from '../helpers/bare-event';
import { fetchFile, joinEvent, parseCsv, pdfImageCount } from '../helpers/downloads-world';
import { watch } from '../helpers/live-watch';
import { startS3Fake } from '../helpers/s3-fake';
import { createClient, lastLinkFor } from '../helpers/server';
import { serverProcess } from '../helpers/server-process';
import { adminQuery, onPostgres, pgUrl } from '../helpers/test-db';
import { createWsOnlyClient } from '../helpers/ws-client';

// `npm run test:pg`: two real app processes (server/main.ts, as `npm start` runs it) on one PostgreSQL
// database and one S3-compatible bucket (s3rver on loopback), each with a DATA_DIR of its own: nothing
// on one machine's disk is shared. What a load balancer sending each request anywhere needs, shown end
// to end (README "Scaling out"). The fan-out latency between them is measured by bench B9, not here.

type Proc = Omit<ReturnType<typeof serverProcess>, 'url'> & { url: string; dataDir: string };
const CAP_MS = 20_000; // only ends a failing wait quickly; no assertion depends on it

describe.skipIf(!onPostgres())('two app processes on one PostgreSQL database and one bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Fake>>;
  let db: Db;
  let a: Proc;
  let b: Proc;
  let dueEvent: string;
  let duePhotoKey: string;

  async function start(env: Record<string, string>): Promise<Proc> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-proc-'));
    const p = serverProcess({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info', PAYMENTS: 'off' });
    return { ...p, url: await p.url(), dataDir };
  }

  beforeAll(async () => {
    const name = `procs_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    s3 = await startS3Fake();
    db = openPostgres(pgUrl(name), { max: 2 });
    await migrateToLatest(db);
    // an event whose erasure is due before either process starts, with a photo in the bucket
    const now = new Date().toISOString();
    dueEvent = (await insertBareEvent(db, now, { scheduled_deletion_date: '2000-01-01T00:00:00.000Z' })).eventId;
    const id = crypto.randomUUID();
    const photoUrl = await createS3Storage(s3.settings).putOwned(Buffer.from('a face'), 'jpg', id);
    duePhotoKey = photoUrl.slice('/uploads/'.length);
    await db
      .insertInto('event_registrations')
      .values({
        id,
        event_id: dueEvent,
        first_name: 'Due',
        last_name: 'Today',
        email: null,
        phone: null,
        headline: null,
        photo_url: photoUrl,
        registration_token_hash: 'x'.repeat(64),
        checked_in_at: null,
        checked_out_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const env = { DATABASE_URL: pgUrl(name), ...s3.env };
    [a, b] = await Promise.all([start(env), start(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const p of [a, b]) {
      p?.kill();
      await p?.exited;
      if (p) fs.rmSync(p.dataDir, { recursive: true, force: true });
    }
    await db?.destroy();
    await s3?.stop();
  });

  const freshEvent = async () =>
    (await insertBareEvent(db, new Date().toISOString(), { download_enabled: 1, download_formats: '["csv","pdf"]' }))
      .eventId;

  it('a join on A reaches a subscriber of B, and its photo, stored once in the bucket, is served by both', async () => {
    const eventId = await freshEvent();
    const viewer = createClient(b.url);
    const { lastEventId } = await viewer.trpc.live.cursor.query({ eventId });
    const w = watch(viewer.trpc.live.onEvent, { eventId, lastEventId });
    try {
      await viewer.trpc.live.cursor.query({ eventId }); // the subscription is up by now
      const joined = await joinEvent({ client: () => createClient(a.url) }, eventId, {
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      await w.count(1);
      expect(w.items[0].data).toMatchObject({ kind: 'joined', id: joined.registrationId });
      const photo = joined.photoUrl as string;
      expect(s3.keys()).toContain(photo.slice('/uploads/'.length));
      const [fromA, fromB] = await Promise.all([fetch(`${a.url}${photo}`), fetch(`${b.url}${photo}`)]);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(fromB.headers.get('content-type')).toBe('image/jpeg');
      expect(fromB.headers.get('cache-control')).toBe('private, no-cache');
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      expect(fs.existsSync(path.join(a.dataDir, 'uploads', photo.slice('/uploads/'.length)))).toBe(false);
    } finally {
      w.unsubscribe();
      viewer.close();
    }
  });

  it('a download prepared on A is served by B, its photos read from the bucket', async () => {
    const eventId = await freshEvent();
    const grace = await joinEvent({ client: () => createClient(a.url) }, eventId, {
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    const onA = createClient(a.url);
    const proof = { eventId, registrationId: grace.registrationId, registrationToken: grace.token };
    const csv = await onA.trpc.downloads.prepare.mutate({ ...proof, format: 'csv' });
    const pdf = await onA.trpc.downloads.prepare.mutate({ ...proof, format: 'pdf' });
    const csvFile = await fetchFile(b, csv.downloadUrl);
    expect(csvFile.res.status).toBe(200);
    expect(parseCsv(csvFile.bytes.toString('utf8')).some((row) => row.includes('Grace'))).toBe(true);
    const pdfFile = await fetchFile(b, pdf.downloadUrl);
    expect(pdfFile.res.status).toBe(200);
    expect(pdfImageCount(pdfFile.bytes)).toBeGreaterThan(0);
  });

  it('a sign-out handled by A closes the socket that session opened on B', async () => {
    const email = 'grace@example.com';
    const password = 'Str0ng!Pass';
    const http = createClient(a.url);
    await http.trpc.auth.signUp.mutate({
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      password,
      confirm_password: password,
    });
    const link = new URL(lastLinkFor(path.join(a.dataDir, 'outbox'), email) ?? '');
    await http.trpc.auth.verify.mutate({ token: link.searchParams.get('token') ?? '', type: 'signup' });
    await http.trpc.auth.signIn.mutate({ email, password });
    const ws = createWsOnlyClient(b.url, http.cookie());
    try {
      expect(await ws.trpc.auth.me.query()).toMatchObject({ email });
      await http.trpc.auth.signOut.mutate();
      expect(await ws.closed(CAP_MS)).toBe(WS_CLOSE.SESSION_ENDED);
    } finally {
      await ws.close();
    }
  });

  it('a subscriber of A that moves to B after A is killed resumes with nothing missed, nothing twice', async () => {
    const eventId = await freshEvent();
    const onB = { client: () => createClient(b.url) };
    const viewer = createClient(a.url);
    const { lastEventId } = await viewer.trpc.live.cursor.query({ eventId });
    const w = watch(viewer.trpc.live.onEvent, { eventId, lastEventId });
    const first = await joinEvent(onB, eventId, { first_name: 'Before', last_name: 'Kill' });
    await w.count(1);
    a.kill();
    await a.exited;
    w.unsubscribe();
    viewer.close();
    const meanwhile = [];
    for (let i = 0; i < 3; i++)
      meanwhile.push(await joinEvent(onB, eventId, { first_name: `P${i}`, last_name: 'Meanwhile' }));

    const moved = createClient(b.url);
    const resumed = watch(moved.trpc.live.onEvent, { eventId, lastEventId: w.items[w.items.length - 1].id });
    try {
      await resumed.count(3);
      const after = await joinEvent(onB, eventId, { first_name: 'After', last_name: 'Move' });
      await resumed.count(4);
      expect(w.items.map((i) => (i.data as { id: string }).id)).toEqual([first.registrationId]);
      expect(resumed.items.map((i) => (i.data as { id: string }).id)).toEqual([
        ...meanwhile.map((m) => m.registrationId),
        after.registrationId,
      ]);
    } finally {
      resumed.unsubscribe();
      moved.close();
    }
  });

  it('both starting together, the due erasure ran once: one log line in all, the rows and the photo object gone', async () => {
    const erasedLines = [a, b]
      .flatMap((p) => p.out().split('\n'))
      .filter((l) => l.includes('"attendee data erased"') && l.includes(dueEvent));
    expect(erasedLines).toHaveLength(1);
    const event = await db
      .selectFrom('events')
      .select('personal_data_deleted')
      .where('id', '=', dueEvent)
      .executeTakeFirstOrThrow();
    expect(event.personal_data_deleted).toBe(1);
    expect(await db.selectFrom('event_registrations').select('id').where('event_id', '=', dueEvent).execute()).toEqual(
      [],
    );
    expect(s3.keys()).not.toContain(duePhotoKey);
  });
});
