import { skipToken } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_CLIENT } from '#shared/constants';
import { type RouterOutputs, trpc } from '../../lib/trpc';

/** One change of an event's attendees as the server sends it (the `data` of a tracked item). */
export type LiveChange =
  RouterOutputs['live']['onEvent'] extends AsyncIterable<infer T> ? (T extends { data: infer D } ? D : never) : never;

/**
 * spec §4 realtime: follows one event's changes, public (`onEvent`) or the owner's (`onOrganizerEvent`).
 * `started` turns true once the server listens, so a list loaded after it misses nothing. A dropped
 * socket is reconnected by the wsLink, which resends the subscription with the last tracked id: the
 * server replays what was missed (`reconnecting` is true meanwhile). A subscription the server refused
 * (a restart in progress, say) is tried again after LIVE_CLIENT.RETRY_MS.
 */
export function useLiveChanges({
  eventId,
  audience,
  enabled = true,
  onChange,
  onStarted,
}: {
  eventId: string;
  audience: 'public' | 'organizer';
  enabled?: boolean;
  onChange: (change: LiveChange) => void;
  /** After every (re)start: a list loaded earlier may be reloaded, belt and braces beside the replay. */
  onStarted?: () => void;
}) {
  const [started, setStarted] = useState(false);
  const latest = useRef({ onChange, onStarted });
  latest.current = { onChange, onStarted };

  const input = enabled ? { eventId } : skipToken;
  const options = {
    onStarted: () => {
      setStarted(true);
      latest.current.onStarted?.();
    },
    onData: (item: { data: LiveChange }) => latest.current.onChange(item.data),
  };
  const pub = trpc.live.onEvent.useSubscription(audience === 'public' ? input : skipToken, options);
  const own = trpc.live.onOrganizerEvent.useSubscription(audience === 'organizer' ? input : skipToken, options);
  const sub = audience === 'public' ? pub : own;

  const { status, reset } = sub;
  useEffect(() => {
    if (status !== 'error') return;
    const retry = setTimeout(reset, LIVE_CLIENT.RETRY_MS);
    return () => clearTimeout(retry);
  }, [status, reset]);

  return { started, reconnecting: started && (status === 'connecting' || status === 'error') };
}

/**
 * Runs `fn` at most once per `ms`: the first call at once, later ones merged into one call at the end
 * of the window. The timer is cleared on unmount.
 */
export function useThrottle(fn: () => void, ms: number = LIVE_CLIENT.REFRESH_MS) {
  const latest = useRef(fn);
  latest.current = fn;
  const state = useRef<{ timer?: ReturnType<typeof setTimeout>; pending: boolean }>({ pending: false });

  useEffect(() => () => clearTimeout(state.current.timer), []);

  return useRef(() => {
    const s = state.current;
    if (s.timer) {
      s.pending = true;
      return;
    }
    latest.current();
    const tick = () => {
      if (s.pending) {
        s.pending = false;
        latest.current();
        s.timer = setTimeout(tick, ms);
      } else {
        s.timer = undefined;
      }
    };
    s.timer = setTimeout(tick, ms);
  }).current;
}
