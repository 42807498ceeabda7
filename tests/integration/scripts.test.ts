import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/connection';
import { migrateToLatest } from '#server/db/migrate';
import { insertUser, rolesOf } from '#server/features/auth/users.repo';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

function script(name: string, ...args: string[]) {
  return exec(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-scripts-'));
  const db = openDb(path.join(dataDir, 'app.db'));
  await migrateToLatest(db);
  const now = new Date().toISOString();
  await insertUser(db, {
    id: 'u1',
    email: 'ada@example.com',
    password_hash: 'x',
    first_name: 'Ada',
    last_name: 'L',
    now,
  });
  await db.destroy();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function roles() {
  const db = openDb(path.join(dataDir, 'app.db'));
  try {
    return await rolesOf(db, 'u1');
  } finally {
    await db.destroy();
  }
}

describe('npm run admin', () => {
  it('grants and revokes the admin role by e-mail', async () => {
    expect((await script('admin', 'grant', 'ADA@example.com')).stdout).toContain('ada@example.com is now an admin');
    expect(await roles()).toEqual(['admin']);
    expect((await script('admin', 'revoke', 'ada@example.com')).stdout).toContain('is no longer an admin');
    expect(await roles()).toEqual([]);
  });

  it('fails for an unknown e-mail or bad usage', async () => {
    const unknown = await script('admin', 'grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@example.com');
    expect((await script('admin', 'promote')).code).toBe(2);
  });
});

describe('npm run backup', () => {
  it('writes a consistent copy of the database', async () => {
    const file = path.join(dataDir, 'copy.db');
    const r = await script('backup', file);
    expect(r.stdout).toContain(`Backup written to ${file}`);
    const copy = openDb(file);
    expect(await copy.selectFrom('users').select('email').execute()).toEqual([{ email: 'ada@example.com' }]);
    await copy.destroy();
  });

  it('writes the copy owner-only (0600), in a folder it creates owner-only (0700)', async () => {
    const file = path.join(dataDir, 'private', 'copy.db');
    expect((await script('backup', file)).code).toBe(0);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
