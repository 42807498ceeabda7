import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DB } from '../constants';
import { openDb } from './connection';

// The compiled statements kept by their text (reusingStatements) give the same answers as fresh ones.
describe('openDb: statements reused by their text', () => {
  it('answers correctly past the cache size and after the schema changed under a kept statement', async () => {
    const db = openDb(':memory:');
    await sql`CREATE TABLE t (a INTEGER)`.execute(db);
    await sql`INSERT INTO t VALUES (1), (2), (3)`.execute(db);
    const count = () => sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(db).then((r) => r.rows[0].n);
    expect(await count()).toBe(3);
    // more distinct texts than the cache holds, each run twice: the evicted ones are prepared again
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < DB.STATEMENT_CACHE + 10; i++) {
        const r = await sql<{ v: number }>`SELECT ${sql.raw(String(i))} AS v`.execute(db);
        expect(r.rows[0].v).toBe(i);
      }
    }
    // the same text with other parameters, and after the table was replaced
    const a = (v: number) => sql<{ a: number }>`SELECT a FROM t WHERE a = ${v}`.execute(db).then((r) => r.rows);
    expect([await a(2), await a(9)]).toEqual([[{ a: 2 }], []]);
    await sql`DROP TABLE t`.execute(db);
    await sql`CREATE TABLE t (b TEXT, a INTEGER)`.execute(db);
    await sql`INSERT INTO t VALUES ('x', 9)`.execute(db);
    expect([await count(), await a(9)]).toEqual([1, [{ a: 9 }]]);
    await db.destroy();
  });
});

// A savepoint's journal holds what its statements change of pages the transaction had already written (a
// join group's entries); SQLite spills one past 64 KB into a temp file, unlinked but open, whose blocks
// outlive it on disk.
describe.skipIf(!fs.existsSync('/proc/self/fd'))('openDb: temp_store', () => {
  const tempFilesOpen = () =>
    fs
      .readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((file) => /etilqs_/.test(file)); // SQLite's temp file names

  it('keeps a large savepoint journal in memory: no temp file is opened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-temp-store-'));
    const db = openDb(path.join(dir, 'db.sqlite'));
    try {
      await sql`CREATE TABLE t (a TEXT)`.execute(db);
      await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
        INSERT INTO t SELECT hex(randomblob(200)) FROM n`.execute(db);
      const seen = await db.transaction().execute(async (trx) => {
        // pages written earlier in the transaction are what a savepoint must be able to restore
        await sql`UPDATE t SET a = lower(a)`.execute(trx); // every page of t, ~1 MB
        await sql`SAVEPOINT s`.execute(trx);
        await sql`UPDATE t SET a = upper(a)`.execute(trx);
        const open = tempFilesOpen();
        await sql`RELEASE s`.execute(trx);
        return open;
      });
      expect(seen).toEqual([]);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
