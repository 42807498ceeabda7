import { useCallback, useEffect, useRef, useState } from 'react';
import { DOOR } from '#shared/door-constants';
import { M } from '#shared/messages';
import type { DoorActionKind } from '#shared/schemas/door';
import { trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';
import { cacheDoorPhotos } from './door-photos';
import { applyLocally } from './door-presence';
import {
  type DoorData,
  dismissConflicts,
  forgetDoorEvent,
  type LocalAttendee,
  loadDoor,
  queueAction,
} from './door-store';
import { refreshSnapshot, sendQueue } from './door-sync';

const MINUTE_MS = 60_000;

/** navigator.onLine, kept current by the browser's online and offline events. */
function useNavigatorOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The door of one event: the list kept on the device (shown at once, online or not), actions queued
 * there and sent whenever the server can be reached, conflicts kept until read, and the device's copy
 * deleted when the event's attendee data is erased (at its erasure time, even offline).
 */
export function useDoor(eventId: string) {
  const utils = trpc.useUtils();
  const client = utils.client;
  const navigatorOnline = useNavigatorOnline();
  const [data, setData] = useState<DoorData | null>();
  // the last request's outcome: navigator.onLine says true on networks that reach nothing
  const [reachable, setReachable] = useState<boolean>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string>();
  const running = useRef(false);
  const pending = useRef<'send' | 'refresh' | undefined>(undefined);

  const reload = useCallback(async () => setData((await loadDoor(eventId)) ?? null), [eventId]);

  const erase = useCallback(async () => {
    await forgetDoorEvent(eventId);
    setNotice(M.door.erased);
    await reload();
  }, [eventId, reload]);

  /** Sends the queue, if any (read from the device unless given). True when the event's attendee data is erased. */
  const send = useCallback(
    async (read?: DoorData) => {
      const local = read ?? (await loadDoor(eventId));
      if (!local?.queue.length) return false;
      const known = new Map<string, LocalAttendee>(local.attendees.map((a) => [a.id, a]));
      return sendQueue(client, eventId, local.queue, known, local.event.time_zone);
    },
    [client, eventId],
  );

  /** Asks who is signed in, sends the queue, then reads the list again when it changed. */
  const refresh = useCallback(async () => {
    const me = await client.auth.me.query();
    utils.auth.me.setData(undefined, me);
    setReachable(true);
    if (!me) return setNotice(M.door.signedOut);
    // the device's copy is read once here: sending changes its queue and rows, never its event record
    const local = await loadDoor(eventId);
    const mine = local?.event.userId === me.id;
    if (local && !mine)
      await forgetDoorEvent(eventId); // another organiser's copy
    else if (await send(local)) return erase();
    const kept = mine ? local?.event : undefined;
    const saved = await refreshSnapshot(client, eventId, me.id, new Date(), kept);
    if (saved.erased) return erase();
    if (!kept || saved.seq !== kept.seq) {
      const photos = ((await loadDoor(eventId))?.attendees ?? []).flatMap((a) => (a.photo_url ? [a.photo_url] : []));
      void cacheDoorPhotos(eventId, photos);
    }
    setNotice((n) => (n === M.door.signedOut ? undefined : n));
  }, [client, utils, eventId, send, erase]);

  /**
   * One run at a time: `send` after an action at the door (the answer carries the attendee as the
   * server has them), `refresh` at start, on reconnect and every so often. A request during a run runs
   * after it (a refresh covers a send). The screen reads the device's copy once, when the run ends.
   */
  const sync = useCallback(
    async (mode: 'send' | 'refresh' = 'refresh') => {
      if (running.current) {
        if (pending.current !== 'refresh') pending.current = mode;
        return;
      }
      running.current = true;
      setSending(true);
      try {
        for (let next: typeof pending.current = mode; next; next = pending.current) {
          pending.current = undefined;
          if (next === 'refresh') await refresh();
          else if (await send()) await erase();
          else setReachable(true);
        }
      } catch (err) {
        pending.current = undefined;
        const code = errorCode(err);
        if (code === 'UNAUTHORIZED') setNotice(M.door.signedOut);
        else if (code === 'NOT_FOUND') setNotice(M.events.notFoundOrDenied);
        else setReachable(false);
      } finally {
        running.current = false;
        setSending(false);
        await reload();
      }
    },
    [refresh, send, erase, reload],
  );

  useEffect(() => void reload(), [reload]);

  // at once, online again, and every so often (sooner while the server cannot be reached): send and refresh
  useEffect(() => {
    if (navigatorOnline) void sync();
  }, [navigatorOnline, sync]);
  useEffect(() => {
    if (!navigatorOnline) return;
    const timer = setInterval(() => void sync(), reachable === false ? DOOR.RETRY_MS : DOOR.REFRESH_MS);
    return () => clearInterval(timer);
  }, [navigatorOnline, reachable, sync]);

  // the event's erasure time comes: the device's copy goes, online or not
  const erasesAt = data?.event.erases_at;
  useEffect(() => {
    if (!erasesAt) return;
    const check = () => {
      if (Date.parse(erasesAt) <= Date.now()) void erase();
    };
    check();
    const timer = setInterval(check, MINUTE_MS);
    return () => clearInterval(timer);
  }, [erasesAt, erase]);

  const act = useCallback(
    async (a: LocalAttendee, kind: DoorActionKind) => {
      const current = await loadDoor(eventId);
      if ((current?.queue.length ?? 0) >= DOOR.QUEUE_MAX) {
        setNotice(M.door.queueFull);
        return;
      }
      const at = new Date().toISOString();
      const seq = Math.max(0, ...(current?.queue.map((q) => q.seq) ?? [])) + 1;
      await queueAction(
        { id: crypto.randomUUID(), eventId, registrationId: a.id, kind, at, seq },
        applyLocally(a, kind, at),
      );
      await reload();
      if (navigator.onLine) void sync('send');
    },
    [eventId, reload, sync],
  );

  const dismiss = useCallback(async () => {
    await dismissConflicts(eventId);
    await reload();
  }, [eventId, reload]);

  return {
    data,
    online: navigatorOnline && reachable !== false,
    sending,
    notice,
    act,
    dismiss,
  };
}
