import type { DoorActionKind, DoorAttendee } from '#shared/schemas/door';

/** Someone checked in and not checked out since. */
export const isHere = (a: Pick<DoorAttendee, 'checked_in_at' | 'checked_out_at'>) =>
  a.checked_in_at !== null && a.checked_out_at === null;

/**
 * An action as the device shows it before the server has it, by the server's own rules
 * (server/features/registrations/registrations.repo.ts setCheckedIn, setCheckedOut): a check-out and
 * its undo only for someone checked in. Returns the row unchanged when the action does nothing.
 */
export function applyLocally<T extends DoorAttendee>(a: T, kind: DoorActionKind, at: string): T {
  switch (kind) {
    case 'check-in':
      return isHere(a) ? a : { ...a, checked_in_at: at, checked_out_at: null };
    case 'undo-check-in':
      return a.checked_in_at === null ? a : { ...a, checked_in_at: null, checked_out_at: null };
    case 'check-out':
      return isHere(a) ? { ...a, checked_out_at: at } : a;
    case 'undo-check-out':
      return a.checked_in_at !== null && a.checked_out_at !== null ? { ...a, checked_out_at: null } : a;
  }
}

/** The actions a row offers: check in; or check out and undo the check-in; or check in again and undo the check-out. */
export function doorActionsFor(a: DoorAttendee): { primary: DoorActionKind; undo?: DoorActionKind } {
  if (a.checked_in_at === null) return { primary: 'check-in' };
  if (a.checked_out_at === null) return { primary: 'check-out', undo: 'undo-check-in' };
  return { primary: 'check-in', undo: 'undo-check-out' };
}

/** Accent- and case-blind search text. */
export const searchKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
