import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { findRegistrationsByIds } from '../registrations/registrations.repo';

type Q = Kysely<Database> | Transaction<Database>;

/** What a live subscription needs to know about its event before it starts. */
export function findLiveEvent(db: Q, eventId: string) {
  return db.selectFrom('events').select(['id', 'personal_data_deleted']).where('id', '=', eventId).executeTakeFirst();
}

export type LiveRegistrationRow = Awaited<ReturnType<typeof findRegistrationsByIds>>[number];
