import { eventTimeZone, scheduledDeletionDate } from '#shared/dates';
import { DOOR } from '#shared/door-constants';
import { M } from '#shared/messages';
import type { DoorAction, DoorAttendee, DoorOutcome, DoorSnapshot, DoorSyncResult } from '#shared/schemas/door';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import type { Change } from '../changes/bus';
import { changeTransaction } from '../changes/changes.repo';
import { updatePresence } from '../registrations/organiser.service';
import {
  claimDoorAction,
  doorAttendeesPage,
  findDoorAction,
  findDoorAttendee,
  findDoorEvent,
  latestChangeSeq,
  setDoorOutcome,
} from './door.repo';

// The door's offline mode (README "The door offline"): the device loads the list in pages, then sends
// what it queued. Owner only: someone else's event reads exactly like a missing one.

type Row = DoorAttendee;
const denied = () => fail.notFound(M.events.notFoundOrDenied);

/** Explicit wire shape: the door keeps names, headline, photo and presence; never e-mail, phone or token. */
const toDoorAttendee = (r: Row): DoorAttendee => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  headline: r.headline,
  photo_url: r.photo_url,
  checked_in_at: r.checked_in_at,
  checked_out_at: r.checked_out_at,
  created_at: r.created_at,
});

export async function doorSnapshot(
  deps: Deps,
  userId: string,
  input: { eventId: string; after: { created_at: string; id: string } | null; known: number | null },
): Promise<DoorSnapshot> {
  const event = await findDoorEvent(deps.db, userId, input.eventId);
  if (!event) return denied();
  const timeZone = eventTimeZone(event.time_zone, deps.config.timeZone);
  const erasesAt =
    event.scheduled_deletion_date ?? scheduledDeletionDate(event.event_date, event.end_time, timeZone).toISOString();
  const head = {
    id: event.id,
    name: event.name,
    event_date: event.event_date,
    time_zone: timeZone,
    erases_at: new Date(erasesAt).toISOString(),
    erased: Boolean(event.personal_data_deleted),
  };
  if (event.personal_data_deleted) return { event: head, attendees: [], next: null, seq: 0, unchanged: false };
  const seq = await latestChangeSeq(deps.db, input.eventId);
  // a door refreshes every so often: a list that did not change is not sent again
  if (!input.after && input.known === seq) return { event: head, attendees: [], next: null, seq, unchanged: true };
  const rows = await doorAttendeesPage(deps.db, input.eventId, input.after, DOOR.SNAPSHOT_PAGE);
  const last = rows.at(-1);
  const next = rows.length === DOOR.SNAPSHOT_PAGE && last ? { created_at: last.created_at, id: last.id } : null;
  return { event: head, attendees: rows.map(toDoorAttendee), next, seq, unchanged: false };
}

/**
 * The device's time of an action, kept when it is believable: never after now, never before the entry
 * was made, and not older than DOOR.MAX_BACKDATE_MS (a device clock set wrong).
 */
function actionTime(at: string, createdAt: string, now: Date): string {
  const t = Date.parse(at);
  if (!(t <= now.getTime()) || now.getTime() - t > DOOR.MAX_BACKDATE_MS) return now.toISOString();
  return new Date(Math.max(t, Date.parse(createdAt))).toISOString();
}

/**
 * Applies the device's queued actions in order, each once: an action id already seen answers with what
 * became of it, and changes nothing. An action that cannot apply (the entry removed, the attendee already
 * in that state) is answered with the attendee as the server has them, for the device to show.
 */
export async function doorSync(
  deps: Deps,
  userId: string,
  input: { eventId: string; actions: DoorAction[] },
): Promise<{ results: DoorSyncResult[] }> {
  const event = await findDoorEvent(deps.db, userId, input.eventId);
  if (!event) return denied();
  if (event.personal_data_deleted) {
    return { results: input.actions.map((a) => ({ id: a.id, outcome: 'erased' as const, attendee: null })) };
  }
  const results: DoorSyncResult[] = [];
  const changes: Change[] = [];
  for (const action of input.actions) {
    const { outcome, attendee } = await applyOne(deps, userId, input.eventId, action, changes);
    results.push({ id: action.id, outcome, attendee: attendee ? toDoorAttendee(attendee) : null });
  }
  if (changes.length > 0) deps.bus.publish(changes);
  return { results };
}

async function applyOne(
  deps: Deps,
  userId: string,
  eventId: string,
  action: DoorAction,
  changes: Change[],
): Promise<{ outcome: DoorOutcome; attendee: Row | undefined }> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  // the attendee as the answer shows them is read in the same transaction
  return changeTransaction(deps.db, async (trx) => {
    const claimed = await claimDoorAction(trx, {
      id: action.id,
      event_id: eventId,
      registration_id: action.registrationId,
      kind: action.kind,
      created_at: nowIso,
    });
    const attendee = await findDoorAttendee(trx, eventId, action.registrationId);
    if (!claimed) {
      const before = await findDoorAction(trx, eventId, action.id);
      // An id claimed for another event or attendee: not this action, so nothing to repeat.
      const outcome = before && before.registration_id === action.registrationId ? before.outcome : 'unchanged';
      return { outcome, attendee };
    }
    if (!attendee) {
      await setDoorOutcome(trx, action.id, 'removed');
      return { outcome: 'removed' as const, attendee };
    }
    const at = actionTime(action.at, attendee.created_at, now);
    const done = await updatePresence(trx, userId, attendee.id, action.kind, at, nowIso);
    if (!done) {
      await setDoorOutcome(trx, action.id, 'unchanged');
      return { outcome: 'unchanged' as const, attendee };
    }
    changes.push(done.change);
    return { outcome: 'applied' as const, attendee: done.row };
  });
}
