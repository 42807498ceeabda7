import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import type { Change } from '../changes/bus';
import { COLUMNS, type findRegistrationsByIds } from '../registrations/registrations.repo';

type Q = Kysely<Database> | Transaction<Database>;

const liveEventStatement = compiledOnce((db: Kysely<Database>, p: { eventId: string }) =>
  db.selectFrom('events').select(['id', 'personal_data_deleted']).where('id', '=', p.eventId),
);

/**
 * What a live subscription needs to know about its event before it starts. Built once: after a restart
 * every screen and phone of a venue subscribes again at once (bench B4), each reading it twice.
 */
export async function findLiveEvent(db: Q, eventId: string) {
  return (await liveEventStatement(db, { eventId })).rows[0];
}

export type LiveRegistrationRow = Awaited<ReturnType<typeof findRegistrationsByIds>>[number];

/**
 * The event's log after `afterSeq` (at most `limit`, in seq order), each change with its registration
 * as it is now (undefined when gone): what a feed sends, in one read instead of two (bench B9: under a
 * rush each round trip on PostgreSQL waits its turn for the server's CPU).
 */
export async function changesWithRowsAfter(
  db: Q,
  eventId: string,
  afterSeq: number,
  limit: number,
): Promise<{ change: Change; row: LiveRegistrationRow | undefined }[]> {
  const found = await db
    .selectFrom('registration_changes')
    .leftJoin('event_registrations', (join) =>
      join
        .onRef('event_registrations.id', '=', 'registration_changes.registration_id')
        .on('event_registrations.event_id', '=', eventId),
    )
    .select([
      'registration_changes.seq as change_seq',
      'registration_changes.registration_id as change_registration_id',
      'registration_changes.kind as change_kind',
      ...COLUMNS,
    ])
    .where('registration_changes.event_id', '=', eventId)
    .where('registration_changes.seq', '>', afterSeq)
    .orderBy('registration_changes.seq', 'asc')
    .limit(limit)
    .execute();
  return found.map(({ change_seq, change_registration_id, change_kind, ...row }) => ({
    change: { seq: change_seq, event_id: eventId, registration_id: change_registration_id, kind: change_kind },
    row: row.id === null ? undefined : (row as LiveRegistrationRow),
  }));
}
