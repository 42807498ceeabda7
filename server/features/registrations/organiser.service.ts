import type { Transaction } from 'kysely';
import { M } from '#shared/messages';
import type { RegistrationDto, RegistrationListQuery } from '#shared/schemas/registrations';
import type { ChangeKind, Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { changeTransaction, recordChange } from '../changes/changes.repo';
import { clearEntryAfterCommit, deleteEntryTraces } from '../gdpr/entry-removal';
import { listResponse, rowsOf } from './public-list.service';
import { toRegistrationDto } from './registration-dto';
import { countHereNow, countOwned, countOwnedCheckedIn, listOwned, searchOwned } from './registration-lists.repo';
import {
  bumpAttendeeCount,
  deleteOwnedRegistration,
  findOwnedEvent,
  findOwnedRegistration,
  setCheckedIn,
  setCheckedOut,
} from './registrations.repo';
import { withSearchEntriesErased } from './search-index.repo';

// The organiser's attendee management inside /event/{id} (spec §2, §4 registration check-in, §6):
// owner only, with the event's user_id in every query. Someone else's event or entry reads exactly
// like a missing one.

const denied = () => fail.notFound(M.events.notFoundOrDenied);

/** spec §7 organiser registrations: search, sort, pages (10 on the detail screen), checked-in count. */
export async function organiserList(deps: Deps, userId: string, q: RegistrationListQuery) {
  const event = await findOwnedEvent(deps.db, userId, q.eventId);
  if (!event) return denied();
  // spec §4: once the personal data is deleted, registrations are no longer loaded.
  if (event.personal_data_deleted) return { ...listResponse([], 0, q, 0, 0), checkedInCount: 0 };
  // attendee_count moves with every insert and delete (spec §3): the unsearched total without a count,
  // less those who removed themselves (the count keeps them, the pages do not: rowsOf).
  const all = event.attendee_count;
  const offset = (q.page - 1) * q.limit;
  // A searched page first: when it comes back short, its total needs no count (bench B5).
  const { rows, total } =
    q.search && !q.pinned?.length
      ? await searchOwned(deps.db, userId, q.eventId, { ...q, offset })
      : await unsearchedOrPinned(deps, userId, q, offset, rowsOf(event));
  const checkedInCount = await countOwnedCheckedIn(deps.db, userId, q.eventId);
  const hereNow = await countHereNow(deps.db, q.eventId); // the event is the user's (findOwnedEvent above)
  return { ...listResponse(rows.map(toRegistrationDto), total, q, all, hereNow), checkedInCount };
}

async function unsearchedOrPinned(
  deps: Deps,
  userId: string,
  q: RegistrationListQuery,
  offset: number,
  unsearched: number,
) {
  const total = q.search ? await countOwned(deps.db, userId, q.eventId, q.search) : unsearched;
  const rows = offset < total ? await listOwned(deps.db, userId, q.eventId, { ...q, offset }) : [];
  return { rows, total };
}

export type Presence = 'check-in' | 'undo-check-in' | 'check-out' | 'undo-check-out';

/**
 * In the caller's transaction (a changeTransaction): one presence action at `at` (logged at `now`) (a check-out and its undo only for someone
 * checked in), with its change-log row. Undefined when it changed nothing (missing, someone else's, or
 * already in that state). A check-out and its undo go out live as an update of the row.
 */
export async function updatePresence(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  action: Presence,
  at: string,
  now = at,
) {
  const kind: ChangeKind =
    action === 'check-in' ? 'checked_in' : action === 'undo-check-in' ? 'check_in_undone' : 'updated';
  const row =
    action === 'check-in' || action === 'undo-check-in'
      ? await setCheckedIn(trx, userId, id, action === 'check-in' ? at : null)
      : await setCheckedOut(trx, userId, id, action === 'check-out' ? at : null);
  if (!row) return undefined;
  return { row, change: await recordChange(trx, { event_id: row.event_id, registration_id: id, kind, now }) };
}

/**
 * spec §4 check-in and its undo; here now: check-out and its undo. Each is recorded once: repeating it
 * changes nothing and records nothing.
 */
async function setPresence(deps: Deps, userId: string, id: string, action: Presence): Promise<RegistrationDto> {
  const now = deps.clock.now().toISOString();
  const committed = await changeTransaction(deps.db, (trx) => updatePresence(trx, userId, id, action, now));
  if (!committed) {
    const current = await findOwnedRegistration(deps.db, userId, id);
    if (!current) return denied();
    if (action === 'check-out' && !current.checked_in_at) return fail.badRequest(M.attendees.checkOutNotCheckedIn);
    return toRegistrationDto(current);
  }
  deps.bus.publish([committed.change]);
  return toRegistrationDto(committed.row);
}

export const checkIn = (deps: Deps, userId: string, id: string) => setPresence(deps, userId, id, 'check-in');
export const undoCheckIn = (deps: Deps, userId: string, id: string) => setPresence(deps, userId, id, 'undo-check-in');
export const checkOut = (deps: Deps, userId: string, id: string) => setPresence(deps, userId, id, 'check-out');
export const undoCheckOut = (deps: Deps, userId: string, id: string) => setPresence(deps, userId, id, 'undo-check-out');

/**
 * spec §7 delete registration: the row, the count and the change in one transaction, with what else holds
 * the attendee (door actions, the event's prepared download files, the search index's entries); after
 * commit the photo, the outbox mail naming them and what the database files keep of the row, as for an
 * attendee's own removal (gdpr/entry-removal.ts).
 */
export async function removeRegistration(deps: Deps, userId: string, id: string) {
  const now = deps.clock.now().toISOString();
  const committed = await changeTransaction(deps.db, async (trx) => {
    const gone = await withSearchEntriesErased(trx, () => deleteOwnedRegistration(trx, userId, id));
    if (!gone) return undefined;
    await bumpAttendeeCount(trx, gone.event_id, -1);
    await deleteEntryTraces(trx, gone);
    const change = await recordChange(trx, { event_id: gone.event_id, registration_id: id, kind: 'removed', now });
    return { gone, change };
  });
  if (!committed) return denied();
  deps.bus.publish([committed.change]);
  await clearEntryAfterCommit(deps, committed.gone);
  return { id, event_id: committed.gone.event_id };
}
