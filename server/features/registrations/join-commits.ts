import type { Kysely, Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { createGroupCommit } from '../../db/group-commit';
import type { Database } from '../../db/schema';
import type { Change } from '../changes/bus';
import { lockChangeLog, recordChange } from '../changes/changes.repo';
import { insertJoins } from './joins.repo';
import {
  bumpAttendeeCount,
  insertRegistration,
  type NewRegistration,
  type RegistrationRowOut,
} from './registrations.repo';

/** A join's row and its change once committed; undefined when nothing was inserted (see insertRegistration). */
export type JoinCommitted = { row: RegistrationRowOut; change: Change } | undefined;

async function joinOne(trx: Transaction<Database>, r: NewRegistration): Promise<JoinCommitted> {
  const row = await insertRegistration(trx, r);
  if (!row) return undefined;
  await bumpAttendeeCount(trx, r.event_id, 1);
  return {
    row,
    change: await recordChange(trx, { event_id: r.event_id, registration_id: r.id, kind: 'joined', now: r.now }),
  };
}

async function joinAll(trx: Transaction<Database>, rs: NewRegistration[]): Promise<JoinCommitted[]> {
  const byId = new Map((await insertJoins(trx, rs)).map((j) => [j.id, j]));
  return rs.map((r) => {
    const j = byId.get(r.id);
    if (!j) return undefined;
    const { seq, ...row } = j;
    return { row, change: { seq, event_id: row.event_id, registration_id: row.id, kind: 'joined' } };
  });
}

/**
 * The joins' group commit (docs/decisions/0011-join-fast-path.md): each group's transaction takes the
 * change log's lock once, first. On PostgreSQL the group's rows, counts and log rows are one statement
 * (a round trip is what a join waits for there, bench B10); one join whose row is refused sends the group
 * through the per-join savepoints instead. SQLite's statements run in the process: one by one.
 */
export function createJoinCommits(db: Kysely<Database>) {
  return createGroupCommit(db, {
    begin: lockChangeLog,
    each: joinOne,
    all: isPostgres(db) ? joinAll : undefined,
  });
}
