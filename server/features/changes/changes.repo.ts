import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import { isPostgres } from '../../db/dialect';
import type { ChangeKind, Database } from '../../db/schema';
import type { Change } from './bus';

type Q = Kysely<Database> | Transaction<Database>;

// any fixed number, taken for the length of a transaction that writes to the change log
const CHANGE_LOG_LOCK = 4_242_002;

/**
 * PostgreSQL: the first statement of every transaction that writes to the change log. Such transactions
 * then take turns from their start, so seqs become visible in their order (a feed reading after its
 * cursor never steps over one still uncommitted), and none waits for this lock while holding a row
 * another holder needs. Nothing to do on SQLite, whose writes already take turns.
 */
export async function lockChangeLog(db: Q) {
  if (isPostgres(db)) await sql`SELECT pg_advisory_xact_lock(${CHANGE_LOG_LOCK})`.execute(db);
}

/** `work` in a transaction that writes to the change log: on PostgreSQL it takes the log's lock first. */
export function changeTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await lockChangeLog(trx);
    return work(trx);
  });
}

/**
 * Records one change in the caller's transaction (the same one as the change itself, begun with
 * changeTransaction, or lockChangeLog as its first statement); returns it with its seq.
 */
export async function recordChange(
  db: Q,
  c: { event_id: string; registration_id: string; kind: ChangeKind; now: string },
): Promise<Change> {
  const row = await db
    .insertInto('registration_changes')
    .values({ event_id: c.event_id, registration_id: c.registration_id, kind: c.kind, created_at: c.now })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return { seq: row.seq, event_id: c.event_id, registration_id: c.registration_id, kind: c.kind };
}

const changesAfterStatement = compiledOnce(
  (db: Kysely<Database>, p: { eventId: string; afterSeq: number; limit: number }) =>
    db
      .selectFrom('registration_changes')
      .select(['seq', 'event_id', 'registration_id', 'kind'])
      .where('event_id', '=', p.eventId)
      .where('seq', '>', p.afterSeq)
      .orderBy('seq', 'asc')
      .limit(p.limit),
);

/**
 * One event's logged changes after `afterSeq`, oldest first, at most `limit`. Built once, as the log's
 * extent below: each live subscription that resumes reads both (bench B4's restart: 5,000 at once).
 */
export async function changesAfter(db: Q, eventId: string, afterSeq: number, limit: number): Promise<Change[]> {
  return (await changesAfterStatement(db, { eventId, afterSeq, limit })).rows;
}

/**
 * The log's extent over all events: `oldest` kept seq (null when empty) and `last` seq ever handed out
 * (AUTOINCREMENT, and PostgreSQL's identity sequence, never reuse one, so it survives pruning and erasure).
 * On PostgreSQL the sequence moves when a seq is handed out, before its transaction commits: the extent
 * is read under the change log's lock, shared, so it waits for a writer under way and never names a seq
 * the log does not show yet.
 */
export async function logExtent(db: Q): Promise<{ oldest: number | null; last: number }> {
  if (!isPostgres(db)) return readExtent(db);
  if (db.isTransaction) return readExtent(db);
  return (db as Kysely<Database>).transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock_shared(${CHANGE_LOG_LOCK})`.execute(trx);
    return readExtent(trx);
  });
}

const oldestSeqStatement = compiledOnce((db: Kysely<Database>, _: Record<string, never>) =>
  db.selectFrom('registration_changes').select((eb) => eb.fn.min<number | null>('seq').as('seq')),
);

async function readExtent(db: Q): Promise<{ oldest: number | null; last: number }> {
  const oldest = (await oldestSeqStatement(db, {})).rows[0];
  const last = isPostgres(db)
    ? await sql<{
        seq: number | null;
      }>`SELECT pg_sequence_last_value(pg_get_serial_sequence('registration_changes', 'seq')::regclass) AS seq`.execute(
        db,
      )
    : await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'registration_changes'`.execute(db);
  return { oldest: oldest?.seq ?? null, last: Number(last.rows[0]?.seq ?? 0) };
}

/**
 * The live notice of an erasure. It is published, not logged: the event's log rows are erased with its
 * registrations, and a subscriber that comes back later learns it from personal_data_deleted.
 */
export async function erasureNotice(db: Q, eventId: string): Promise<Change> {
  const { last } = await logExtent(db);
  return { seq: last, event_id: eventId, registration_id: '', kind: 'erased' };
}

/** Log retention: forgets changes recorded before `beforeIso`; returns how many. */
export async function deleteChangesBefore(db: Q, beforeIso: string): Promise<number> {
  const r = await db.deleteFrom('registration_changes').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(r.numDeletedRows);
}
