import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

// A real SQLite file (WAL, as the app opens it) and a second connection that sees only what is committed.
type DB = {
  items: { id: number; name: string };
  notes: { id: number; item_id: number };
  starts: { id: Generated<number> };
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
  await sql`CREATE TABLE starts (id INTEGER PRIMARY KEY AUTOINCREMENT)`.execute(db);
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
type Work = (trx: Kysely<DB>) => Promise<unknown>;
/** A group commit whose items are works, each run as given. */
const works = () => createGroupCommit(db, { each: (trx, work: Work) => work(trx) });

describe('group commit', () => {
  it('runs the works handed over in one turn in one transaction with one commit, each answered after it', async () => {
    const group = works();
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
    const group = works();
    await group.run((trx) => insert(trx, 1, 'a'));
    await group.run((trx) => insert(trx, 2, 'b'));
    expect(committedNames()).toEqual(['a', 'b']);
    expect(commits()).toBe(2);
  });

  it('rolls back a work that throws to its own savepoint: it fails alone, the others are committed', async () => {
    const group = works();
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
    const group = works();
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
    const group = works();
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

describe('group commit with a first step and a whole-group step', () => {
  type Item = { id: number; name: string };
  const begin = async (trx: Kysely<DB>) => void (await trx.insertInto('starts').defaultValues().execute());
  const each = async (trx: Kysely<DB>, item: Item) => {
    await insert(trx, item.id, item.name);
    return item.name.toUpperCase();
  };
  // one statement for the whole group: a duplicate key anywhere refuses all of it
  const all = async (trx: Kysely<DB>, items: Item[]) => {
    await trx.insertInto('items').values(items).execute();
    return items.map((i) => i.name.toUpperCase());
  };
  const committedStarts = () => (reader.prepare('SELECT count(*) AS n FROM starts').get() as { n: number }).n;
  const savepoints = (name: string) => statements.filter((s) => s.startsWith(`savepoint "${name}"`)).length;

  it('runs `begin` once per group, outside the savepoints: a work that fails does not undo it', async () => {
    const group = createGroupCommit(db, { begin, each });
    const results = await Promise.allSettled([
      group.run({ id: 1, name: 'a' }),
      group.run({ id: 1, name: 'duplicate' }),
      group.run({ id: 3, name: 'c' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedNames()).toEqual(['a', 'c']);
    expect(committedStarts()).toBe(1);
    expect(savepoints('group_work')).toBe(3);
  });

  it('runs the whole group in one go when `all` is given: no savepoint per item, one commit', async () => {
    const group = createGroupCommit(db, { begin, each, all });
    const answers = await Promise.all(['a', 'b', 'c'].map((name, i) => group.run({ id: i + 1, name })));
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(committedNames()).toEqual(['a', 'b', 'c']);
    expect(committedStarts()).toBe(1);
    expect(savepoints('group_work')).toBe(0);
    expect(statements.filter((s) => s === 'begin')).toHaveLength(1);
    expect(commits()).toBe(1);
  });

  it('when `all` throws, undoes it (not `begin`) and runs the items one by one: the refused one fails alone', async () => {
    const group = createGroupCommit(db, { begin, each, all });
    await group.run({ id: 1, name: 'first' });
    statements = [];
    const results = await Promise.allSettled([
      group.run({ id: 2, name: 'b' }),
      group.run({ id: 1, name: 'duplicate' }),
      group.run({ id: 4, name: 'd' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(committedNames()).toEqual(['first', 'b', 'd']);
    expect(committedStarts()).toBe(2);
    expect(savepoints('group_all')).toBe(1);
    expect(savepoints('group_work')).toBe(3);
    expect(statements.filter((s) => s === 'begin')).toHaveLength(1);
    expect(commits()).toBe(1);
  });

  it('runs an item alone without a savepoint; when it throws, it fails and nothing of its group is kept', async () => {
    const group = createGroupCommit(db, { begin, each, all });
    expect(await group.run({ id: 1, name: 'a' })).toBe('A');
    await expect(group.run({ id: 1, name: 'duplicate' })).rejects.toThrow(/UNIQUE constraint failed/);
    expect(committedNames()).toEqual(['a']);
    expect(committedStarts()).toBe(1);
    expect(savepoints('group_all') + savepoints('group_work')).toBe(0);
  });

  it('takes into the group every item handed over until its `begin` is done; later ones open the next group', async () => {
    let opened = () => {};
    const gate = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let begun = 0;
    const group = createGroupCommit(db, {
      begin: async (trx) => {
        begun += 1;
        if (begun === 1) await gate; // the first group's transaction waits (as for a lock held elsewhere)
        await begin(trx);
      },
      each,
      all,
    });
    const first = group.run({ id: 1, name: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(begun).toBe(1);
    // later turns, while the first group waits in `begin`
    const more = [group.run({ id: 2, name: 'b' }), group.run({ id: 3, name: 'c' })];
    await new Promise((resolve) => setImmediate(resolve));
    opened();
    expect(await Promise.all([first, ...more])).toEqual(['A', 'B', 'C']);
    expect(commits()).toBe(1);
    expect(committedStarts()).toBe(1);
    // handed over after that group took its items: a group of its own
    await group.run({ id: 4, name: 'd' });
    expect(commits()).toBe(2);
    expect(committedNames()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rejects every item, and writes none, when the commit fails after `all`', async () => {
    const group = createGroupCommit(db, {
      each,
      all: async (trx, items: Item[]) => {
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        await trx.insertInto('notes').values({ id: 1, item_id: 999 }).execute();
        return all(trx, items);
      },
    });
    const results = await Promise.allSettled([group.run({ id: 1, name: 'a' }), group.run({ id: 2, name: 'b' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committedNames()).toEqual([]);
  });
});
