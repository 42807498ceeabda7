import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { DOOR_ACTIONS, type DoorActionKind, type DoorAttendee } from '#shared/schemas/door';
import { applyLocally, doorActionsFor } from '../client/features/door/door-presence';
import type { QueuedAction } from '../client/features/door/door-store';
import { conflictText } from '../client/features/door/door-sync';
import { anon, joinInput, newEvent, s, setUpRegistrationsWorld } from './helpers/registrations-world';

// The door shows an action before the server has it (client/features/door/door-presence.ts): what it
// shows must be what the server then does, or the screen would jump when the queue is sent.

setUpRegistrationsWorld();

const STATES = ['not checked in', 'here', 'left'] as const;
type State = (typeof STATES)[number];

async function attendeeIn(state: State) {
  const e = await newEvent(s.ada);
  const r = await (await anon()()).join(joinInput(e.id));
  const api = (await s.ada.call()).registrations;
  if (state !== 'not checked in') await api.checkIn({ id: r.id });
  if (state === 'left') await api.checkOut({ id: r.id });
  const snap = await (await s.ada.call()).door.snapshot({ eventId: e.id });
  return { eventId: e.id, row: snap.attendees[0] };
}

const presence = (a: Pick<DoorAttendee, 'checked_in_at' | 'checked_out_at'>) =>
  a.checked_in_at === null ? 'not checked in' : a.checked_out_at === null ? 'here' : 'left';

describe('the door shows each action as the server then applies it', () => {
  for (const state of STATES) {
    for (const kind of DOOR_ACTIONS) {
      it(`${kind} on someone ${state}`, async () => {
        const { eventId, row } = await attendeeIn(state);
        const at = s.t.clock.now().toISOString();
        const local = applyLocally(row, kind, at);
        const { results } = await (await s.ada.call()).door.sync({
          eventId,
          actions: [{ id: crypto.randomUUID(), registrationId: row.id, kind, at }],
        });
        const server = results[0].attendee as DoorAttendee;
        expect(presence(local)).toBe(presence(server));
        expect(results[0].outcome).toBe(local === row ? 'unchanged' : 'applied');
      });
    }
  }

  it('offers check in; check out and undo; or check in again and undo, by state', () => {
    const base = { checked_in_at: null, checked_out_at: null } as DoorAttendee;
    expect(doorActionsFor(base)).toEqual({ primary: 'check-in' });
    expect(doorActionsFor({ ...base, checked_in_at: 'x' })).toEqual({ primary: 'check-out', undo: 'undo-check-in' });
    expect(doorActionsFor({ ...base, checked_in_at: 'x', checked_out_at: 'y' })).toEqual({
      primary: 'check-in',
      undo: 'undo-check-out',
    });
  });
});

describe('what a door says about an action the server did not apply', () => {
  const ada = { first_name: 'Ada', last_name: 'Lovelace' };
  const row = (o: Partial<DoorAttendee>): DoorAttendee => ({
    id: 'r',
    ...ada,
    headline: null,
    photo_url: null,
    checked_in_at: null,
    checked_out_at: null,
    created_at: '2026-11-25T18:00:00.000Z',
    ...o,
  });
  const q = (kind: DoorActionKind): QueuedAction => ({
    id: 'a',
    eventId: 'e',
    registrationId: 'r',
    kind,
    at: '',
    seq: 1,
  });
  const known = { ...row({}), eventId: 'e' };

  it('names the person and the reason, with the other door time', () => {
    const inAt = '2026-11-25T19:02:00.000Z';
    const time = new Date(inAt).toTimeString().slice(0, 5);
    expect(conflictText(q('check-in'), { id: 'a', outcome: 'removed', attendee: null }, known)).toBe(
      M.door.removed('Ada Lovelace'),
    );
    expect(
      conflictText(q('check-in'), { id: 'a', outcome: 'unchanged', attendee: row({ checked_in_at: inAt }) }, known),
    ).toBe(M.door.alreadyIn('Ada Lovelace', time));
    expect(
      conflictText(
        q('check-out'),
        { id: 'a', outcome: 'unchanged', attendee: row({ checked_in_at: inAt, checked_out_at: inAt }) },
        known,
      ),
    ).toBe(M.door.alreadyOut('Ada Lovelace'));
    expect(conflictText(q('check-out'), { id: 'a', outcome: 'unchanged', attendee: row({}) }, known)).toBe(
      M.door.notIn('Ada Lovelace'),
    );
    expect(conflictText(q('undo-check-out'), { id: 'a', outcome: 'unchanged', attendee: row({}) }, known)).toBe(
      M.door.notOut('Ada Lovelace'),
    );
    expect(conflictText(q('check-in'), { id: 'a', outcome: 'applied', attendee: row({}) }, known)).toBeUndefined();
  });
});
