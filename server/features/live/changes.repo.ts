import type { Kysely, Transaction } from 'kysely';
import type { ChangeKind, Database } from '../../db/schema';
import type { Change } from './bus';

type Q = Kysely<Database> | Transaction<Database>;

/** Records one change in the caller's transaction (the same one as the change itself); returns it with its seq. */
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
