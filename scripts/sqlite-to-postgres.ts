import SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { migrations } from '../migrations/index';

// The copy behind `npm run migrate-to-pg` (docs/migrate-to-pg.md). Driven by the two schemas, not by a
// list of tables: every ordinary table of the SQLite file is copied into the table of the same name on
// PostgreSQL, parents before children (PostgreSQL's foreign keys), in one transaction, in batches.

/** A reason to stop that the operator can act on; its message is the one line printed. */
export class Refusal extends Error {}

// Kysely's migrator bookkeeping: each database keeps its own.
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const BATCH_ROWS = 500;
// PostgreSQL's limit on the parameters of one statement
const MAX_PARAMS = 65_535;
const LOCK_NOT_AVAILABLE = '55P03';

type Source = SQLite.Database;
type Target = Kysely<any>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQLite file, read-only, with one read transaction held open so every table and every count is read
 * from the same snapshot.
 */
export function openSource(file: string): Source {
  let db: Source;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new Refusal(`Cannot open the SQLite database ${file}: ${(err as Error).message}`);
  }
  db.pragma('busy_timeout = 5000');
  db.exec('BEGIN');
  // a deferred BEGIN takes its snapshot at the first read
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  return db;
}

/** Refuses a file whose migrations are not exactly this version's. */
export function checkSourceMigrations(src: Source, file: string) {
  const bookkept = src.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  const applied = new Set(bookkept ? (src.prepare('SELECT name FROM kysely_migration').pluck().all() as string[]) : []);
  const known = Object.keys(migrations);
  const missing = known.filter((m) => !applied.has(m));
  if (missing.length > 0) {
    throw new Refusal(
      `${file} has ${missing.length} migration(s) not applied (${missing.join(', ')}): run npm run migrate (or npm start once) without DATABASE_URL first, stop the app, then run this again`,
    );
  }
  const newer = [...applied].filter((m) => !known.includes(m));
  if (newer.length > 0) {
    throw new Refusal(`${file} was migrated by a newer version of the app (${newer.join(', ')}): use that version`);
  }
}

type SourceTable = { name: string; columns: string[]; hasRowid: boolean; rowidAlias: string | null };

/** Ordinary tables only: not sqlite_*, not virtual (FTS) tables nor their shadow tables, not the bookkeeping. */
function sourceTables(src: Source): Map<string, SourceTable> {
  const list = src.pragma('table_list') as { schema: string; name: string; type: string; wr: number }[];
  const out = new Map<string, SourceTable>();
  for (const t of list) {
    if (t.schema !== 'main' || t.type !== 'table' || t.name.startsWith('sqlite_') || MIGRATION_TABLES.has(t.name))
      continue;
    const cols = src.pragma(`table_info(${quote(t.name)})`) as { name: string; type: string; pk: number }[];
    const pks = cols.filter((c) => c.pk > 0);
    // an INTEGER PRIMARY KEY is the rowid itself, the column AUTOINCREMENT counts in sqlite_sequence
    const alias = t.wr === 0 && pks.length === 1 && pks[0].type.toUpperCase() === 'INTEGER' ? pks[0].name : null;
    out.set(t.name, { name: t.name, columns: cols.map((c) => c.name), hasRowid: t.wr === 0, rowidAlias: alias });
  }
  return out;
}

type TargetColumn = {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
  sequence: string | null;
};

async function targetColumns(db: Target | Transaction<any>): Promise<Map<string, TargetColumn[]>> {
  const { rows } = await sql<TargetColumn>`
    SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type,
      a.attnotnull AS not_null, a.atthasdef AS has_default, a.attidentity AS identity, a.attgenerated AS generated,
      pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) AS sequence
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`.execute(db);
  const out = new Map<string, TargetColumn[]>();
  for (const r of rows) {
    if (MIGRATION_TABLES.has(r.table)) continue;
    out.set(r.table, [...(out.get(r.table) ?? []), r]);
  }
  return out;
}

/** Table names, each after the tables its foreign keys point at (alphabetical among equals). */
async function foreignKeyOrder(db: Transaction<any>, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = k.connamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(db);
  const waitsFor = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) {
    if (child !== parent && waitsFor.has(child) && waitsFor.has(parent)) waitsFor.get(child)?.add(parent);
  }
  const order: string[] = [];
  while (waitsFor.size > 0) {
    const ready = [...waitsFor].filter(([, parents]) => parents.size === 0).map(([t]) => t);
    if (ready.length === 0)
      throw new Refusal(`Cannot order tables whose foreign keys form a cycle: ${[...waitsFor.keys()].join(', ')}`);
    for (const t of ready.sort()) {
      order.push(t);
      waitsFor.delete(t);
      for (const parents of waitsFor.values()) parents.delete(t);
    }
  }
  return order;
}

type Plan = {
  table: string;
  /** what each inserted column is read from on SQLite: a column, or the implicit rowid */
  reads: string[];
  columns: TargetColumn[];
  overriding: boolean;
};

/** Which SQLite value fills each PostgreSQL column; refuses a column either side would lose. */
function planTable(src: SourceTable, target: TargetColumn[]): Plan {
  const reads: string[] = [];
  const columns: TargetColumn[] = [];
  for (const col of target) {
    if (col.generated) continue;
    if (src.columns.includes(col.column)) reads.push(quote(col.column));
    // SQLite's implicit rowid, an explicit column on PostgreSQL (migrations/postgres-ddl.ts)
    else if (col.column === 'rowid' && src.hasRowid) reads.push('rowid');
    else if (!col.not_null || col.has_default || col.identity) continue;
    else throw new Refusal(`${src.name}.${col.column} on PostgreSQL has no counterpart in the SQLite database`);
    columns.push(col);
  }
  const lost = src.columns.filter((c) => !target.some((t) => t.column === c && !t.generated));
  if (lost.length > 0) throw new Refusal(`${src.name}.${lost[0]} of the SQLite database has no column on PostgreSQL`);
  return { table: src.name, reads, columns, overriding: columns.some((c) => c.identity) };
}

/** SQLite's value as PostgreSQL's column takes it: 0/1 for a boolean, bytes for bytea, 64-bit integers as text. */
function converter(type: string): (v: unknown) => unknown {
  if (type === 'boolean') return (v) => (v === null ? null : Number(v) !== 0);
  if (type === 'bytea') return (v) => (v === null || Buffer.isBuffer(v) ? v : Buffer.from(String(v)));
  return (v) => (typeof v === 'bigint' ? v.toString() : v);
}

async function copyTable(src: Source, trx: Transaction<any>, plan: Plan): Promise<number> {
  const convert = plan.columns.map((c) => converter(c.type));
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / plan.columns.length)));
  const head = sql`INSERT INTO ${sql.table(plan.table)} (${sql.join(plan.columns.map((c) => sql.ref(c.column)))}) ${sql.raw(plan.overriding ? 'OVERRIDING SYSTEM VALUE ' : '')}VALUES `;
  const insert = (rows: unknown[][]) => sql`${head}${sql.join(rows.map((r) => sql`(${sql.join(r)})`))}`.execute(trx);
  const rows = src
    .prepare(`SELECT ${plan.reads.join(', ')} FROM ${quote(plan.table)}`)
    .safeIntegers(true)
    .raw(true);
  let batch: unknown[][] = [];
  let copied = 0;
  for (const row of rows.iterate() as Iterable<unknown[]>) {
    batch.push(row.map((v, i) => convert[i](v)));
    if (batch.length === perBatch) {
      await insert(batch);
      copied += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return copied + batch.length;
}

/** Moves each identity or serial sequence past the ids copied, and past any SQLite's AUTOINCREMENT ever gave out. */
async function resetSequences(src: Source, trx: Transaction<any>, table: SourceTable, plan: Plan) {
  const used = src.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()
    ? ((src.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table.name) as number | undefined) ??
      0)
    : 0;
  for (const col of plan.columns) {
    if (!col.sequence) continue;
    const { rows } = await sql<{
      max: number | null;
    }>`SELECT max(${sql.ref(col.column)}) AS max FROM ${sql.table(plan.table)}`.execute(trx);
    const isRowid = col.column === table.rowidAlias || (col.column === 'rowid' && !table.columns.includes('rowid'));
    const last = Math.max(Number(rows[0]?.max ?? 0), isRowid ? Number(used) : 0);
    // is_called: the next id handed out is last + 1, and the sequence's last value is last, as SQLite's
    if (last > 0) await sql`SELECT setval(${col.sequence}::regclass, ${last}, true)`.execute(trx);
  }
}

export type TableReport = { table: string; rows: number };

/**
 * Copies every table in one PostgreSQL transaction: refuses unless every table on the target is empty,
 * verifies each table's count, resets the sequences. Anything thrown rolls all of it back.
 */
export async function copyAll(
  src: Source,
  target: Target,
  onTable: (r: TableReport) => void,
): Promise<{ tables: TableReport[]; targetOnly: string[] }> {
  const sources = sourceTables(src);
  return target.transaction().execute(async (trx) => {
    const targets = await targetColumns(trx);
    for (const name of sources.keys()) {
      if (!targets.has(name)) throw new Refusal(`Table ${name} of the SQLite database does not exist on PostgreSQL`);
    }
    const plans = new Map([...sources].map(([name, t]) => [name, planTable(t, targets.get(name) as TargetColumn[])]));
    const all = [...targets.keys()].sort();
    // nothing else writes while the copy runs, and the emptiness seen below holds until the commit
    await sql`SET LOCAL lock_timeout = '10s'`.execute(trx);
    await sql`LOCK TABLE ${sql.join(all.map((t) => sql.table(t)))} IN EXCLUSIVE MODE`.execute(trx).catch((err) => {
      if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
      throw new Refusal('Another process is using the PostgreSQL tables: stop every app process first');
    });
    for (const t of all) {
      const { rows } = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(t)}) AS any`.execute(trx);
      if (rows[0]?.any) {
        throw new Refusal(`Table ${t} on PostgreSQL already has rows: the target must be an empty database`);
      }
    }
    const tables: TableReport[] = [];
    for (const name of await foreignKeyOrder(trx, [...sources.keys()])) {
      const plan = plans.get(name) as Plan;
      const expected = Number(
        src
          .prepare(`SELECT count(*) FROM ${quote(name)}`)
          .pluck()
          .get(),
      );
      const copied = await copyTable(src, trx, plan).catch((err: Error) => {
        throw new Error(`copying ${name}: ${err.message}`);
      });
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(trx);
      const landed = Number(rows[0]?.n);
      if (copied !== expected || landed !== expected) {
        throw new Error(`${name}: ${expected} rows in SQLite, ${copied} read, ${landed} on PostgreSQL after the copy`);
      }
      await resetSequences(src, trx, sources.get(name) as SourceTable, plan);
      tables.push({ table: name, rows: landed });
      onTable({ table: name, rows: landed });
    }
    return { tables, targetOnly: all.filter((t) => !sources.has(t)).sort() };
  });
}
