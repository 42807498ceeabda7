import { DOOR } from '#shared/door-constants';
import { M } from '#shared/messages';
import type { DoorAttendee, DoorSyncResult } from '#shared/schemas/door';
import type { trpc } from '../../lib/trpc';
import { formatTime, fullName } from '../registrations/attendee-format';
import { applyLocally } from './door-presence';
import {
  type Conflict,
  type LocalAttendee,
  loadDoor,
  type QueuedAction,
  type SavedEvent,
  saveEvent,
  saveSnapshot,
  settleSent,
} from './door-store';

type Client = ReturnType<typeof trpc.useUtils>['client'];

/**
 * The whole list from the server, page after page, with the queue not yet sent replayed on top; only
 * the event's record when the list kept (`kept`, by this user) has not changed since.
 */
export async function refreshSnapshot(
  client: Client,
  eventId: string,
  userId: string,
  now: Date,
  kept: SavedEvent | undefined,
): Promise<SavedEvent> {
  const known = kept && kept.userId === userId ? kept.seq : null;
  let page = await client.door.snapshot.query({ eventId, known });
  const saved: SavedEvent = { ...page.event, userId, savedAt: now.toISOString(), seq: page.seq };
  if (page.unchanged) {
    await saveEvent(saved);
    return saved;
  }
  const attendees: DoorAttendee[] = [...page.attendees];
  while (page.next) {
    page = await client.door.snapshot.query({ eventId, after: page.next });
    attendees.push(...page.attendees);
  }
  const queue = (await loadDoor(eventId))?.queue ?? [];
  const byId = new Map(attendees.map((a) => [a.id, a]));
  for (const q of queue) {
    const a = byId.get(q.registrationId);
    if (a) byId.set(a.id, applyLocally(a, q.kind, q.at));
  }
  await saveSnapshot(saved, [...byId.values()]);
  return saved;
}

/** The sentence a result that was not applied shows, or undefined for one that was (times on the event's clocks). */
export function conflictText(
  q: QueuedAction,
  r: DoorSyncResult,
  known: LocalAttendee | undefined,
  timeZone?: string,
): string | undefined {
  const who = r.attendee ?? known;
  const name = who ? fullName(who) : '';
  if (r.outcome === 'applied') return undefined;
  if (r.outcome === 'removed') return M.door.removed(name);
  if (r.outcome === 'erased') return M.door.erased;
  const a = r.attendee;
  if (q.kind === 'check-in' && a?.checked_in_at) return M.door.alreadyIn(name, formatTime(a.checked_in_at, timeZone));
  if (q.kind === 'check-out' && a?.checked_out_at) return M.door.alreadyOut(name);
  if (q.kind === 'undo-check-out') return M.door.notOut(name);
  return M.door.notIn(name);
}

/**
 * Sends the queue in order, DOOR.SYNC_BATCH at a time. Each batch is settled on the device before the
 * next goes: a batch whose answer is lost is sent again, and the server applies each action once.
 * Returns true when the server says the event's attendee data is erased.
 */
export async function sendQueue(
  client: Client,
  eventId: string,
  queue: QueuedAction[],
  known: Map<string, LocalAttendee>,
  timeZone?: string,
) {
  for (let i = 0; i < queue.length; i += DOOR.SYNC_BATCH) {
    const batch = queue.slice(i, i + DOOR.SYNC_BATCH);
    const { results } = await client.door.sync.mutate({
      eventId,
      actions: batch.map(({ id, registrationId, kind, at }) => ({ id, registrationId, kind, at })),
    });
    if (results.some((r) => r.outcome === 'erased')) return true;
    const rows: LocalAttendee[] = [];
    const gone: string[] = [];
    const conflicts: Conflict[] = [];
    results.forEach((r, n) => {
      const q = batch[n];
      if (r.attendee) rows.push({ ...r.attendee, eventId });
      else gone.push(q.registrationId);
      const text = conflictText(q, r, known.get(q.registrationId), timeZone);
      if (text) conflicts.push({ id: q.id, eventId, text, seq: q.seq });
    });
    // later actions still queued for the same attendee stay visible on top of the server's row
    const later = queue.slice(i + DOOR.SYNC_BATCH);
    const shown = rows.map((row) =>
      later.filter((q) => q.registrationId === row.id).reduce((a, q) => applyLocally(a, q.kind, q.at), row),
    );
    await settleSent(
      batch.map((q) => q.id),
      shown,
      gone,
      conflicts,
    );
  }
  return false;
}
