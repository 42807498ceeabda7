import type { z } from 'zod';
import { ATTENDEES, PRIVACY } from '#shared/constants';
import { M } from '#shared/messages';
import type { pinSchema, syncPinsSchema } from '#shared/schemas/connections';
import type { Viewer } from '#shared/schemas/registrations';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { createRateLimiter } from '../auth/rate-limit';
import type { Change } from '../changes/bus';
import { changeTransaction, recordChange } from '../changes/changes.repo';
import {
  addPins,
  areConnected,
  connectionsOf,
  countPins,
  hasPin,
  pinsOf,
  removePin,
} from '../registrations/connections.repo';
import { entryOwnedBy, openEvent } from '../registrations/registrations.service';

// Pins on the server (docs/privacy.md): the pinner's token proves who pins. A pin that makes or ends a
// connection records an 'updated' change for both attendees in the same transaction: each one's screens
// then read the other's entry again, with or without the contacts it now shows them.

/** The viewer's entry when their token owns it and the event is open; otherwise "Access Denied". */
async function pinner(deps: Deps, eventId: string, viewer: Viewer) {
  const event = await openEvent(deps, eventId);
  if (event.personal_data_deleted) return fail.forbidden(M.attendees.roomClosed);
  const me = await entryOwnedBy(deps, eventId, viewer.registrationId, viewer.token);
  if (!me) return fail.forbidden(M.attendees.accessDenied);
  await createRateLimiter(deps.db, deps.clock, PRIVACY.PIN_RATE_LIMIT).enforce([`pin:registration:${me.id}`]);
  return me;
}

/** An 'updated' change for each of `ids`, in order, in the caller's transaction. */
const bothUpdated =
  (eventId: string, ids: string[], now: string) => async (trx: Parameters<typeof recordChange>[0]) => {
    const changes: Change[] = [];
    for (const id of ids)
      changes.push(await recordChange(trx, { event_id: eventId, registration_id: id, kind: 'updated', now }));
    return changes;
  };

/** Pins one entry of the event; the result says whether the two are now connected. */
export async function pin(deps: Deps, input: z.output<typeof pinSchema>) {
  const me = await pinner(deps, input.eventId, input.viewer);
  const target = input.registrationId;
  if (target === me.id) return { pinned: false, connected: false };
  const now = deps.clock.now().toISOString();
  const out = await changeTransaction(deps.db, async (trx) => {
    if ((await countPins(trx, input.eventId, me.id)) >= ATTENDEES.MAX_PINS) {
      return fail.badRequest(M.privacy.pinLimit(ATTENDEES.MAX_PINS));
    }
    const before = await areConnected(trx, me.id, target);
    await addPins(trx, input.eventId, me.id, [target], now);
    if (!(await hasPin(trx, me.id, target))) return fail.notFound(M.attendees.entryNotFound);
    const connected = await areConnected(trx, me.id, target);
    const changes: Change[] = connected && !before ? await bothUpdated(input.eventId, [me.id, target], now)(trx) : [];
    return { result: { pinned: true, connected }, changes };
  });
  deps.bus.publish(out.changes);
  return out.result;
}

/** Unpins one entry; a connection it made ends. */
export async function unpin(deps: Deps, input: z.output<typeof pinSchema>) {
  const me = await pinner(deps, input.eventId, input.viewer);
  const target = input.registrationId;
  const now = deps.clock.now().toISOString();
  const changes = await changeTransaction(deps.db, async (trx) => {
    const before = await areConnected(trx, me.id, target);
    await removePin(trx, input.eventId, me.id, target);
    return before ? bothUpdated(input.eventId, [me.id, target], now)(trx) : [];
  });
  deps.bus.publish(changes);
  return { pinned: false, connected: false };
}

/**
 * The pins a browser kept before pins were kept on the server, added to the attendee's own (up to the
 * limit, the newest kept). Connections it makes go out live like any other. Returns the pins now held.
 */
export async function syncPins(deps: Deps, input: z.output<typeof syncPinsSchema>) {
  const me = await pinner(deps, input.eventId, input.viewer);
  const now = deps.clock.now().toISOString();
  const { changes, pinned } = await changeTransaction(deps.db, async (trx) => {
    const before = new Set(await connectionsOf(trx, input.eventId, me.id));
    const room = Math.max(0, ATTENDEES.MAX_PINS - (await countPins(trx, input.eventId, me.id)));
    const wanted = [...new Set(input.pinned)].filter((id) => id !== me.id);
    await addPins(trx, input.eventId, me.id, room === 0 ? [] : wanted.slice(-room), now);
    const made = (await connectionsOf(trx, input.eventId, me.id)).filter((id) => !before.has(id));
    const logged = made.length > 0 ? await bothUpdated(input.eventId, [me.id, ...made], now)(trx) : [];
    return { changes: logged, pinned: await pinsOf(trx, input.eventId, me.id) };
  });
  deps.bus.publish(changes);
  return { pinned };
}
