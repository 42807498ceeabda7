import type { RegistrationDto } from '#shared/schemas/registrations';
import { toRegistrationDto } from '../registrations/registration-dto';
import type { Change } from './bus';
import type { LiveRegistrationRow } from './live.repo';

/**
 * One item of a live subscription. Upserts carry the row as it is now (merge by id, newest at the top
 * for `joined`); `removed` carries the id; `erased` means the event's attendee data is gone (clear the
 * list; the subscription ends); `refetch` means the log cannot say what was missed (reload the page).
 */
export type LivePayload =
  | { kind: 'joined' | 'updated' | 'checked_in' | 'check_in_undone'; id: string; registration: RegistrationDto }
  | { kind: 'removed'; id: string; registration: null }
  | { kind: 'erased' | 'refetch'; id: null; registration: null };

export const refetchPayload: LivePayload = { kind: 'refetch', id: null, registration: null };
export const erasedPayload: LivePayload = { kind: 'erased', id: null, registration: null };

/** Whether the change needs the registration's current row. */
export const needsRow = (c: Change) => c.kind !== 'removed' && c.kind !== 'erased';

/**
 * A change as subscribers see it. The erasure notice has an empty registration id (it names the event
 * only); an upsert whose row is already gone by the time it is read goes out as a removal.
 */
export function toLivePayload(change: Change, row: LiveRegistrationRow | undefined): LivePayload {
  if (change.kind === 'erased' && change.registration_id === '') return erasedPayload;
  if (change.kind === 'removed' || change.kind === 'erased' || !row) {
    return { kind: 'removed', id: change.registration_id, registration: null };
  }
  return { kind: change.kind, id: change.registration_id, registration: toRegistrationDto(row) };
}
