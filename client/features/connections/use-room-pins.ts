import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { M } from '#shared/messages';
import type { Viewer } from '#shared/schemas/registrations';
import { notifyOnce } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { usePins } from '../registrations/use-pins';

/**
 * The pins of the attendee list (docs/privacy.md). A visitor's stay in this browser; an attendee's are kept
 * on the server against their entry (`serverPins`, from their list), where two pins in opposite directions
 * make a connection. Pins this browser kept before it joined (or before pins were kept on the server) are
 * sent up once, then forgotten here. A toggle shows at once and is undone if the server refuses it.
 */
export function useRoomPins(eventId: string, viewer: Viewer | undefined, serverPins: string[] | undefined) {
  const local = usePins(eventId);
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const refresh = useCallback(() => utils.registrations.list.invalidate({ eventId }), [utils, eventId]);

  const synced = useRef<string | undefined>(undefined);
  const { pins: localPins, clear } = local;
  useEffect(() => {
    if (!viewer || localPins.length === 0 || synced.current === viewer.registrationId) return;
    synced.current = viewer.registrationId;
    void utils.client.connections.sync
      .mutate({ eventId, viewer, pinned: localPins })
      .then(() => {
        clear();
        return refresh();
      })
      .catch(() => {
        synced.current = undefined; // tried again on the next visit
      });
  }, [viewer, localPins, eventId, utils, clear, refresh]);

  const server = useMemo(() => {
    const set = new Set(serverPins ?? []);
    for (const [id, on] of pending) {
      if (on) set.add(id);
      else set.delete(id);
    }
    return set;
  }, [serverPins, pending]);

  // an override is dropped once the server's list agrees with it
  useEffect(() => {
    if (pending.size === 0 || !serverPins) return;
    const agreed = [...pending].filter(([id, on]) => serverPins.includes(id) === on);
    if (agreed.length === 0) return;
    setPending((p) => {
      const next = new Map(p);
      for (const [id] of agreed) next.delete(id);
      return next;
    });
  }, [serverPins, pending]);

  const toggle = useCallback(
    (id: string) => {
      if (!viewer) return local.toggle(id);
      const on = !server.has(id);
      setPending((p) => new Map(p).set(id, on));
      const input = { eventId, viewer, registrationId: id };
      const call = on ? utils.client.connections.pin.mutate(input) : utils.client.connections.unpin.mutate(input);
      void call.then(refresh, (err: unknown) => {
        setPending((p) => {
          const next = new Map(p);
          next.delete(id);
          return next;
        });
        notifyOnce('pin-failed', { color: 'red', title: M.privacy.pinFailed, message: errorMessage(err) });
      });
    },
    [viewer, local, server, eventId, utils, refresh],
  );

  return viewer
    ? { pins: [...server], pinned: server, toggle }
    : { pins: local.pins, pinned: local.pinned, toggle: local.toggle };
}
