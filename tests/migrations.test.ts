import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../migrations/index';
import { openDb } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';

const dir = path.resolve(import.meta.dirname, '../migrations');

describe('migrations', () => {
  it('lists every numbered file of migrations/ in order', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}-.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(migrations)).toEqual(files.sort());
  });

  it('creates every entity of spec §3 plus accounts and page views, and rolls back down to nothing', async () => {
    const db = openDb(':memory:');
    await migrateToLatest(db);
    const tables = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`.execute(
      db,
    );
    expect(tables.rows.map((r) => r.name)).toEqual([
      'attendee_pins',
      'door_actions',
      'download_purchases',
      'download_revenue',
      'email_tokens',
      'event_registrations',
      'event_registrations_search',
      'event_registrations_search_config',
      'event_registrations_search_data',
      'event_registrations_search_idx',
      'events',
      'follow_up_mails',
      'job_leases',
      'page_views',
      'prepared_downloads',
      'profiles',
      'rate_limits',
      'registration_changes',
      'sessions',
      'stripe_webhook_events',
      'test_checkouts',
      'user_memberships',
      'user_roles',
      'users',
    ]);
    const m = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await m.migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    const left = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(
      db,
    );
    expect(left.rows[0].n).toBe(0);
    await db.destroy();
  });

  it('sets the pragmas on a file database', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pragma-')), 'app.db');
    const db = openDb(file);
    const get = async (p: string) => Object.values((await sql.raw(`PRAGMA ${p}`).execute(db)).rows[0] as object)[0];
    expect(await get('journal_mode')).toBe('wal');
    expect(await get('synchronous')).toBe(2); // FULL
    expect(await get('foreign_keys')).toBe(1);
    expect(await get('busy_timeout')).toBe(5000);
    expect(await get('secure_delete')).toBe(1);
    await db.destroy();
  });

  it('backs the database up with VACUUM INTO before applying pending migrations to existing data', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
    const file = path.join(base, 'app.db');
    const backups = path.join(base, 'backups');
    const db = openDb(file);
    // first start: nothing to protect yet
    await migrateToLatest(db, { backupDir: backups });
    expect(fs.existsSync(backups)).toBe(false);
    await sql`INSERT INTO rate_limits (key, attempts, window_start) VALUES ('k', 1, 'now')`.execute(db);
    // a later release adds a migration
    const next = {
      ...migrations,
      '9999-test': { up: async (k: Kysely<any>) => void (await sql`CREATE TABLE extra (id TEXT) STRICT`.execute(k)) },
    };
    await migrateToLatest(db, { backupDir: backups, migrations: next });
    const copies = fs.readdirSync(backups);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/before-9999-test\.db$/);
    const copy = openDb(path.join(backups, copies[0]));
    const rows = await sql<{ key: string }>`SELECT key FROM rate_limits`.execute(copy);
    expect(rows.rows).toEqual([{ key: 'k' }]);
    await copy.destroy();
    await db.destroy();
  });
});
