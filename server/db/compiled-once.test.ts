import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  sql,
} from 'kysely';
import { expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';

type DB = { items: { id: number; name: string; kind: string } };

it('builds a statement once and runs it with each call’s values, keeping the constants written in it', async () => {
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL)`.execute(db);
  await db
    .insertInto('items')
    .values([
      { id: 1, name: 'a', kind: 'x' },
      { id: 2, name: 'b', kind: 'x' },
      { id: 3, name: 'b', kind: 'y' },
    ])
    .execute();
  let builds = 0;
  const find = compiledOnce((q: Kysely<DB>, p: { name: string; min: number }) => {
    builds += 1;
    return q
      .selectFrom('items')
      .select('id')
      .where('name', '=', p.name)
      .where('kind', '=', 'x') // a constant: stays as written
      .where('id', '>=', p.min)
      .where('id', '>=', p.min);
  });
  expect((await find(db, { name: 'b', min: 0 })).rows).toEqual([{ id: 2 }]);
  expect((await find(db, { name: 'a', min: 0 })).rows).toEqual([{ id: 1 }]);
  expect((await find(db, { name: 'a', min: 2 })).rows).toEqual([]);
  const bump = compiledOnce((q: Kysely<DB>, p: { id: number; suffix: string }) =>
    q
      .updateTable('items')
      .set((eb) => ({ name: eb('name', '||', p.suffix) }))
      .where('id', '=', p.id),
  );
  await db.transaction().execute(async (trx) => {
    await bump(trx, { id: 1, suffix: '!' });
    await bump(trx, { id: 3, suffix: '?' });
  });
  expect(await db.selectFrom('items').select(['id', 'name']).orderBy('id').execute()).toEqual([
    { id: 1, name: 'a!' },
    { id: 2, name: 'b' },
    { id: 3, name: 'b?' },
  ]);
  expect(builds).toBe(1);
});

it('compiles once per dialect: a process holding SQLite and PostgreSQL (bench B5) gets each its own SQL', async () => {
  const lite = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL)`.execute(lite);
  const sent: CompiledQuery[] = [];
  // PostgreSQL's compiler without a server: the driver answers nothing, the log keeps what was sent
  const pg = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (e) => {
      if (e.level === 'query') sent.push(e.query);
    },
  });
  const find = compiledOnce((q: Kysely<DB>, p: { name: string }) =>
    q.selectFrom('items').select('id').where('name', '=', p.name),
  );
  expect((await find(lite, { name: 'a' })).rows).toEqual([]);
  await find(pg, { name: 'b' });
  await find(pg, { name: 'c' });
  expect(sent.map((q) => [q.sql, q.parameters])).toEqual([
    ['select "id" from "items" where "name" = $1', ['b']],
    ['select "id" from "items" where "name" = $1', ['c']],
  ]);
  expect((await find(lite, { name: 'a' })).rows).toEqual([]);
});
