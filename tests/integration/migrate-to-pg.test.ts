import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { type Db, openDb, openPostgres } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';
import { logExtent } from '#server/features/changes/changes.repo';
import { fixedClock } from '#server/lib/clock';
import { migrations } from '../../migrations/index';
import { tinyJpegBase64 } from '../helpers/images';
import { sqliteInstall } from '../helpers/sqlite-install';
import { counts, expectSameRows, pgTables } from '../helpers/table-rows';
import { adminQuery, onPostgres, pgUrl } from '../helpers/test-db';
import { browser, memoryMailer } from '../helpers/test-deps';

// `npm run test:pg`: `npm run migrate-to-pg` moves a SQLite install made through the app into an empty
// PostgreSQL database: every row of every table, the sequences past the copied ids, the app working on
// the copy; a target holding rows, a failure half-way or an unmigrated file leave the target empty.

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

type Install = Awaited<ReturnType<typeof sqliteInstall>>;
let install: Install;
const pools: Db[] = [];
const dirs: string[] = [];

let made = 0;
/** A fresh, empty PostgreSQL database (no migrations: the script applies them). */
async function freshDatabase() {
  made += 1;
  const name = `mtp_${process.pid}_${made}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const db = openPostgres(pgUrl(name), { max: 2, idleMs: 200 });
  pools.push(db);
  return { url: pgUrl(name), db };
}

function migrateToPg(env: Record<string, string>, ...args: string[]) {
  return exec(process.execPath, ['--import', 'tsx', 'scripts/migrate-to-pg.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: install.dataDir, ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

beforeAll(async () => {
  if (onPostgres()) install = await sqliteInstall();
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.destroy().catch(() => undefined)));
  install?.cleanUp();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!onPostgres())('npm run migrate-to-pg', () => {
  it('copies every row of every table, converted, and says so table by table', async () => {
    const { url, db } = await freshDatabase();
    const r = await migrateToPg({ DATABASE_URL: url });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('The app must be stopped while this runs');

    const lite = await expectSameRows(install.file, db);
    // the install has rows in every table it knew of when this was written
    for (const t of [
      'users',
      'profiles',
      'sessions',
      'email_tokens',
      'rate_limits',
      'user_roles',
      'user_memberships',
      'events',
      'event_registrations',
      'registration_changes',
      'door_actions',
      'job_leases',
      'prepared_downloads',
      'download_revenue',
      'download_purchases',
      'page_views',
      'test_checkouts',
      'stripe_webhook_events',
    ])
      expect(lite[t]?.length, t).toBeGreaterThan(0);
    expect(lite.event_registrations.join()).toContain('"photo_url":"/uploads/');

    const lines = r.stdout.trim().split('\n');
    for (const [t, rows] of Object.entries(lite)) {
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\s+${t}\\s+${rows.length}$`)));
    }
    const total = Object.values(lite).reduce((n, rows) => n + rows.length, 0);
    expect(lines.at(-2)).toBe(
      `Copied ${total} rows in ${Object.keys(lite).length} tables in one transaction; every count verified.`,
    );
    expect(lines.at(-1)).toContain(`copy ${path.join(install.dataDir, 'uploads')} to the uploads folder`);
  });

  it('leaves an app on PostgreSQL that signs the copied user in, lists the attendees, and hands out fresh ids', async () => {
    const { url, db } = await freshDatabase();
    expect((await migrateToPg({ DATABASE_URL: url })).code).toBe(0);
    const lite = openDb(install.file);
    const before = await logExtent(lite);
    const maxRowid = Number(
      (await sql<{ n: number }>`SELECT max(rowid) AS n FROM event_registrations`.execute(lite)).rows[0].n,
    );
    // the erased event's changes were the last ones: the log's last seq is past every seq left in it
    const maxSeq = Number(
      (await sql<{ n: number }>`SELECT max(seq) AS n FROM registration_changes`.execute(lite)).rows[0].n,
    );
    expect(before.last).toBeGreaterThan(maxSeq);
    expect(await logExtent(db)).toEqual(before);
    await lite.destroy();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-mtp-'));
    dirs.push(dir);
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    const app = await createApp(config, { clock: fixedClock(install.now), mailer: memoryMailer().mailer });
    try {
      // the session made on SQLite (its secret hash copied as bytea) is still signed in
      const kept = browser(app.deps, '198.51.100.9');
      kept.setCookie(install.ada.cookie);
      expect(await (await kept.call()).auth.me()).toMatchObject({ id: install.ada.id, email: install.ada.email });
      const ada = browser(app.deps, '198.51.100.10');
      await (await ada.call()).auth.signIn({ email: install.ada.email, password: install.ada.password });
      expect(await (await ada.call()).registrations.organiserList({ eventId: install.eventId })).toEqual(install.list);

      const joined = await (await browser(app.deps).call()).registrations.join({
        eventId: install.eventId,
        token: crypto.randomUUID(),
        first_name: 'New',
        last_name: 'Arrival',
        email: 'new@example.com',
        photo: await tinyJpegBase64(),
      });
      const row = await sql<{ rowid: number }>`SELECT rowid FROM event_registrations WHERE id = ${joined.id}`.execute(
        db,
      );
      expect(row.rows[0].rowid).toBe(maxRowid + 1);
      const change = await db
        .selectFrom('registration_changes')
        .select('seq')
        .where('registration_id', '=', joined.id)
        .executeTakeFirstOrThrow();
      expect(change.seq).toBe(before.last + 1);
      const maxView = await db
        .selectFrom('page_views')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirstOrThrow();
      await (await ada.call()).analytics.pageView({ path: '/after-the-move' });
      const view = await db
        .selectFrom('page_views')
        .select('id')
        .where('path', '=', '/after-the-move')
        .executeTakeFirstOrThrow();
      expect(view.id).toBe(Number(maxView.n) + 1);
    } finally {
      await app.close();
    }
  });

  it('copies tables larger than a batch, blobs included, in full', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-mtp-big-'));
    dirs.push(dir);
    const file = path.join(dir, 'app.db');
    const big = openDb(install.file);
    await sql`VACUUM INTO ${file}`.execute(big);
    await big.destroy();
    const lite = new SQLite(file);
    lite.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
      INSERT INTO page_views (path, created_at) SELECT '/p/' || i, '2026-11-22T12:00:00.000Z' FROM n`);
    lite.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 777)
      INSERT INTO sessions (id, user_id, secret_hash, created_at, expires_at)
      SELECT 's' || i, (SELECT id FROM users LIMIT 1), randomblob(32), '2026-11-22T12:00:00.000Z', '2026-12-22T12:00:00.000Z' FROM n`);
    lite.close();
    const { url, db } = await freshDatabase();
    const r = await migrateToPg({ DATABASE_URL: url }, '--from', file);
    expect(r.code).toBe(0);
    const copied = await expectSameRows(file, db);
    expect(copied.page_views.length).toBeGreaterThan(1234);
    expect(copied.sessions.length).toBeGreaterThan(777);
  });

  it('refuses a target that already holds rows, naming the table, and changes nothing', async () => {
    const { url, db } = await freshDatabase();
    expect((await migrateToPg({ DATABASE_URL: url })).code).toBe(0);
    const before = await pgTables(db);
    const again = await migrateToPg({ DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(
      /^migrate-to-pg refused: Table \w+ on PostgreSQL already has rows: the target must be an empty database \(nothing was copied\)$/,
    );
    expect(await pgTables(db)).toEqual(before);
  });

  it('rolls everything back when a table fails half-way: the target stays empty', async () => {
    const { url, db } = await freshDatabase();
    await migrateToLatest(db);
    // a rule the copied rows break, met after users and events have gone in
    await sql`ALTER TABLE event_registrations ADD CONSTRAINT no_grace CHECK (first_name <> 'Grace')`.execute(db);
    const r = await migrateToPg({ DATABASE_URL: url });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\s+users\s+\d+$/m);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^migrate-to-pg failed: copying event_registrations: .*no_grace.* \(nothing was copied\)$/),
    ]);
    expect(Object.values(counts(await pgTables(db))).every((n) => n === 0)).toBe(true);
  });

  it('refuses a SQLite file with migrations still to apply (--from), before touching the target', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-mtp-old-'));
    dirs.push(dir);
    const file = path.join(dir, 'old.db');
    const old = openDb(file);
    const names = Object.keys(migrations);
    await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(
      names.at(-2) as string,
    );
    await old.destroy();
    const { url, db } = await freshDatabase();
    const r = await migrateToPg({ DATABASE_URL: url }, '--from', file);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `migrate-to-pg refused: ${file} has 1 migration(s) not applied (${names.at(-1)}): run npm run migrate (or npm start once) without DATABASE_URL first, stop the app, then run this again (nothing was copied)`,
    );
    const tables = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`.execute(
      db,
    );
    expect(tables.rows[0].n).toBe(0);
  });

  it('asks for DATABASE_URL when it is not set', async () => {
    const r = await migrateToPg({});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('DATABASE_URL is not set');
  });
});
