import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { forgetAttendeeMail } from '../email/attendee-outbox';
import { checkpointAfterRemoval, deleteDoorActionsFor } from './entry-removal.repo';
import { deletePreparedDownloadsOf } from './erase.repo';

export type RemovedEntry = { id: string; event_id: string; photo_url: string | null };

/**
 * One attendee's entry removed, by themselves or by the organiser: what else holds them goes with it.
 * In the deleting transaction: their door actions, and the event's prepared download files (whole
 * lists that hold them). The search index's entries go with the row when the delete runs inside
 * `withSearchEntriesErased` (registrations/search-index.repo.ts).
 */
export async function deleteEntryTraces(trx: Transaction<Database>, gone: RemovedEntry) {
  await deleteDoorActionsFor(trx, gone.event_id, gone.id);
  await deletePreparedDownloadsOf(trx, gone.event_id);
}

/**
 * After the removal has committed: the photo file, the outbox copies of mail to or naming them, then
 * what the database files keep of the deleted rows (a busy checkpoint is owed to the erasure job).
 * A photo file left behind (the storage failed) is swept as an orphan: no row points at it any more.
 */
export async function clearEntryAfterCommit(deps: Deps, gone: RemovedEntry) {
  if (gone.photo_url) {
    await deps.storage
      .remove(gone.photo_url)
      .catch((err) => deps.log.error({ err, url: gone.photo_url }, 'could not remove a photo file'));
  }
  await forgetAttendeeMail(deps, gone.event_id, gone.id);
  const { busy } = await checkpointAfterRemoval(deps.db);
  if (busy) {
    deps.erasures.checkpointOwed = true;
    deps.log.warn('WAL checkpoint after an entry was removed was busy; the erasure job retries it');
  }
}
