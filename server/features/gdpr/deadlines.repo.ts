import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** Events stored without a zone (made before zones were stored) whose attendee data is still there. */
export function zonelessOpenEvents(db: Q) {
  return db
    .selectFrom('events')
    .select(['id', 'event_date', 'end_time', 'scheduled_deletion_date'])
    .where('personal_data_deleted', '=', 0)
    .where('time_zone', 'is', null)
    .execute();
}

/** A zoneless event's cleanup date; an event given a zone meanwhile (an edit) is left as its edit set it. */
export async function setZonelessDeadline(db: Q, eventId: string, scheduledDeletionDate: string) {
  await db
    .updateTable('events')
    .set({ scheduled_deletion_date: scheduledDeletionDate })
    .where('id', '=', eventId)
    .where('time_zone', 'is', null)
    .execute();
}
