import type { AttendeeDto, RegistrationDto } from '#shared/schemas/registrations';
import type { Change } from '../changes/bus';
import { toRegistrationDto } from '../registrations/registration-dto';
import type { LiveRegistrationRow } from './live.repo';

/**
 * One change of a live subscription, under its seq in the log. Upserts carry the row as it is now
 * (merge by id, newest at the top for `joined`); `removed` carries the id; `erased` means the event's
 * attendee data is gone (clear the list; the subscription ends); `refetch` means the log cannot say
 * what was missed (reload the page). `seq` comes first: the bench's subscribers count changes by it.
 */
export type LiveChange =
  | {
      seq: number;
      kind: 'joined' | 'updated' | 'checked_in' | 'check_in_undone';
      id: string;
      /** The whole entry as the feed reads it (the organiser's view); ./live-views.ts makes each other view. */
      registration: RegistrationDto | AttendeeDto;
    }
  | { seq: number; kind: 'removed'; id: string; registration: null }
  | { seq: number; kind: 'erased' | 'refetch'; id: null; registration: null };

/** What changed, without its place in the log. */
export type LivePayload = LiveChange extends infer C ? (C extends LiveChange ? Omit<C, 'seq'> : never) : never;

/**
 * One item of a live subscription: the changes of one batch in log order, tracked under the last one's
 * seq (wsLink resumes from there). A lone change is a batch of one.
 */
export type LiveBatch = { changes: LiveChange[] };

/** The notices that name no attendee: `erased` and `refetch`, placed at `seq`. */
export const notice = (seq: number, kind: 'erased' | 'refetch'): LiveChange => ({
  seq,
  kind,
  id: null,
  registration: null,
});

/** Whether the change needs the registration's current row. */
export const needsRow = (c: Change) => c.kind !== 'removed' && c.kind !== 'erased';

/**
 * A change as subscribers see it. The erasure notice has an empty registration id (it names the event
 * only); an upsert whose row is already gone by the time it is read goes out as a removal.
 */
export function toLiveChange(change: Change, row: LiveRegistrationRow | undefined): LiveChange {
  const seq = change.seq;
  if (change.kind === 'erased' && change.registration_id === '') return notice(seq, 'erased');
  if (change.kind === 'removed' || change.kind === 'erased' || !row) {
    return { seq, kind: 'removed', id: change.registration_id, registration: null };
  }
  return { seq, kind: change.kind, id: change.registration_id, registration: toRegistrationDto(row) };
}
