import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

// A real SQLite file (WAL, as the app opens it) and a second connection that sees only what is committed.
type DB = {
  items: { id: number; name: string };
  notes: { id: number; item_id: number };
};

let dir: string;
let db: Kysely<DB>;
let reader: SQLite.Database;
let statements: string[];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  const file = path.join(dir, 'test.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  statements = [];
  db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (e) => void statements.push(e.query.sql.toLowerCase()),
  });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES items(id))`.execute(db);
  statements = [];
  reader = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  reader.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const committedNames = () =>
  (reader.prepare('SELECT name FROM items ORDER BY id').all() as { name: string }[]).map((r) => r.name);
const commits = () => statements.filter((s) => s === 'commit').length;
const insert = (trx: Kysely<DB>, id: number, name: string) => trx.insertInto('items').values({ id, name }).execute();

describe('group commit', () => {
  it('runs the works handed over in one turn in one transaction with one commit, each answered after it', async () => {
    const group = createGroupCommit(db);
    const seenAtAnswer: string[][] = [];
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name, i) =>
        group
          .run(async (trx) => {
            await insert(trx, i + 1, name);
            return name.toUpperCase();
          })
          .then((r) => {
            seenAtAnswer.push(committedNames()); // another connection: only committed rows
            return r;
          }),
      ),
    );
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(seenAtAnswer).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    expect(statements.filter((s) => s === 'begin')).toHaveLength(1);
    expect(commits()).toBe(1);
  });

  it('gives works of later turns their own transaction', async () => {
    const group = createGroupCommit(db);
    await group.run((trx) => insert(trx, 1, 'a'));
    await group.run((trx) => insert(trx, 2, 'b'));
    expect(committedNames()).toEqual(['a', 'b']);
    expect(commits()).toBe(2);
  });

  it('rolls back a work that throws to its own savepoint: it fails alone, the others are committed', async () => {
    const group = createGroupCommit(db);
    const boom = new Error('boom');
    const results = await Promise.allSettled([
      group.run((trx) => insert(trx, 1, 'a')),
      group.run(async (trx) => {
        await insert(trx, 2, 'half-done');
        throw boom;
      }),
      group.run((trx) => insert(trx, 3, 'c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBe(boom);
    expect(committedNames()).toEqual(['a', 'c']);
    expect(commits()).toBe(1);
  });

  it('fails alone a work whose statement SQLite refuses (a duplicate key), after rows of its own', async () => {
    const group = createGroupCommit(db);
    await group.run((trx) => insert(trx, 1, 'first'));
    const results = await Promise.allSettled([
      group.run((trx) => insert(trx, 2, 'b')),
      group.run(async (trx) => {
        await insert(trx, 3, 'kept only with its work');
        await insert(trx, 1, 'duplicate');
      }),
      group.run((trx) => insert(trx, 4, 'd')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(committedNames()).toEqual(['first', 'b', 'd']);
  });

  it('rejects every work of the group, and writes none, when the commit itself fails', async () => {
    const group = createGroupCommit(db);
    const results = await Promise.allSettled([
      group.run((trx) => insert(trx, 1, 'a')),
      group.run(async (trx) => {
        // A foreign key checked only at COMMIT: the whole group's commit fails.
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        await trx.insertInto('notes').values({ id: 1, item_id: 999 }).execute();
      }),
      group.run((trx) => insert(trx, 3, 'c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committedNames()).toEqual([]);
    // the connection is usable again: the next group commits
    await group.run((trx) => insert(trx, 4, 'd'));
    expect(committedNames()).toEqual(['d']);
  });
});
