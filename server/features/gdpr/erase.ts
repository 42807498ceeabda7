import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Change } from '../changes/bus';
import { erasureNotice } from '../changes/changes.repo';
import { forgetEventMail } from '../email/attendee-outbox';
import {
  checkpointWal,
  deleteChangesOf,
  deleteDoorActionsOf,
  deleteFollowUpMailsOf,
  deletePreparedDownloadsOf,
  deleteRegistrationsOf,
  dueEventIds,
  findErasableEvent,
  markErased,
  photoUrlsOf,
  referencedUrls,
} from './erase.repo';

/** spec §7 manual_gdpr_cleanup's figures (the "Data cleanup completed" toast). */
export type ErasureReport = { processed_events: number; deleted_registrations: number };

/** What an erasure leaves to do once its transaction has committed. */
export type Erasure = { eventId: string; deletedRegistrations: number; photoUrls: string[]; notice: Change };

/**
 * spec §9, issue 7 scope 9: in the caller's transaction, deletes the event's registrations and its
 * change-log rows and sets personal_data_deleted (attendee_count is kept). Returns what
 * `finishErasures` needs after the commit, including the `erased` notice for live lists (published,
 * not logged: a subscriber that comes back later learns it from personal_data_deleted).
 */
export async function eraseInTransaction(
  trx: Transaction<Database>,
  eventId: string,
  nowIso: string,
): Promise<Erasure> {
  const photoUrls = await photoUrlsOf(trx, eventId);
  // (the registrations' deletion would take these too): a follow-up mail being claimed holds its row,
  // so the erasure waits for that claim, or the claim finds the row gone (server/features/follow-up)
  await deleteFollowUpMailsOf(trx, eventId);
  const deletedRegistrations = await deleteRegistrationsOf(trx, eventId);
  await deleteChangesOf(trx, eventId);
  await deleteDoorActionsOf(trx, eventId);
  await markErased(trx, eventId, nowIso);
  await deletePreparedDownloadsOf(trx, eventId);
  const notice = await erasureNotice(trx, eventId);
  return { eventId, deletedRegistrations, photoUrls, notice };
}

/** The job's retry of a checkpoint an erasure could not finish (readers held the WAL). */
export async function retryOwedCheckpoint(deps: Deps) {
  if (!deps.erasures.checkpointOwed) return;
  deps.erasures.checkpointOwed = (await checkpointWal(deps.db)).busy;
}

/**
 * After commit: tells live subscribers, deletes the photo files no row points at any more and the outbox
 * copies of mails to the attendees, and checkpoints the WAL so the deleted rows leave it too. Logs ids
 * and counts only, never names.
 */
export async function finishErasures(deps: Deps, erasures: Erasure[]) {
  if (erasures.length === 0) return;
  deps.bus.publish(erasures.map((e) => e.notice));
  const urls = [...new Set(erasures.flatMap((e) => e.photoUrls))];
  const kept = await referencedUrls(deps.db, urls);
  for (const url of urls) {
    if (kept.has(url)) continue;
    await deps.storage.remove(url).catch((err) => deps.log.error({ err, url }, 'photo file not deleted'));
  }
  for (const e of erasures) {
    await forgetEventMail(deps, e.eventId).catch((err) =>
      deps.log.error({ err, eventId: e.eventId }, 'attendee mails not deleted from the outbox'),
    );
  }
  const { busy } = await checkpointWal(deps.db);
  deps.erasures.checkpointOwed = busy;
  if (busy) deps.log.warn('WAL checkpoint after erasure was busy; the next erasure run retries');
  for (const e of erasures) {
    deps.log.info(
      { eventId: e.eventId, deletedRegistrations: e.deletedRegistrations, photos: e.photoUrls.length },
      'attendee data erased',
    );
  }
}

/**
 * Erases one event's attendee data; undefined when the event does not exist (or is not ownerId's).
 * `alsoInTransaction` runs in the same transaction after the erasure (deleting the event itself).
 */
export async function eraseEvent(
  deps: Deps,
  eventId: string,
  opts: { ownerId?: string; alsoInTransaction?: (trx: Transaction<Database>) => Promise<unknown> } = {},
): Promise<ErasureReport | undefined> {
  const nowIso = deps.clock.now().toISOString();
  const erasure = await deps.db.transaction().execute(async (trx) => {
    if (!(await findErasableEvent(trx, eventId, opts.ownerId))) return undefined;
    const e = await eraseInTransaction(trx, eventId, nowIso);
    await opts.alsoInTransaction?.(trx);
    return e;
  });
  if (!erasure) return undefined;
  await finishErasures(deps, [erasure]);
  return { processed_events: 1, deleted_registrations: erasure.deletedRegistrations };
}

/**
 * The job: every event past its cleanup date whose data is still there, one transaction each. A
 * server that was down across a deadline catches up at its next start (the scheduler runs jobs then).
 */
export async function eraseDue(deps: Deps): Promise<ErasureReport> {
  const nowIso = deps.clock.now().toISOString();
  const erasures: Erasure[] = [];
  for (const eventId of await dueEventIds(deps.db, nowIso)) {
    const e = await deps.db.transaction().execute(async (trx) => {
      const event = await findErasableEvent(trx, eventId);
      return event && !event.personal_data_deleted ? eraseInTransaction(trx, eventId, nowIso) : undefined;
    });
    if (e) erasures.push(e);
  }
  await finishErasures(deps, erasures);
  return {
    processed_events: erasures.length,
    deleted_registrations: erasures.reduce((n, e) => n + e.deletedRegistrations, 0),
  };
}
