import { skipToken, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_CLIENT } from '#shared/constants';
import type {
  AttendeeDto,
  RegistrationDto,
  RegistrationListInput,
  RegistrationListResponse,
  RegistrationSort,
  Viewer,
} from '#shared/schemas/registrations';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';

/** One item as the server sends it (the `data` of a tracked item): a batch of changes in log order. */
type LiveBatch =
  RouterOutputs['live']['onEvent'] extends AsyncIterable<infer T> ? (T extends { data: infer D } ? D : never) : never;
/** One change of an event's attendees. */
type LiveChange = LiveBatch extends { changes: (infer C)[] } ? C : never;

/**
 * The page of attendees on screen: its list query's input besides the event id. `as` (an attendee's
 * entry id) keeps an attendee's view of the list apart from a visitor's in the cache; `display` is the
 * venue screen's list (only those who show there).
 */
export type LiveView = {
  search: string;
  sortBy: RegistrationSort;
  page: number;
  limit: number;
  pinned?: string[];
  display?: boolean;
  as?: string;
};

type Entry = RegistrationDto | AttendeeDto;
// The organiser's list adds checkedInCount, an attendee's their pins; the spreads below keep them.
type List = Omit<RegistrationListResponse, 'registrations'> & { registrations: Entry[] };

/** The cache key of a public list page (`as` and `display` included: see LiveView). */
export const publicListKey = (input: Partial<RegistrationListInput> & { as?: string }) =>
  getQueryKey(trpc.registrations.list, input as RegistrationListInput, 'query');

const replaced = (list: List, r: Entry): List => ({
  ...list,
  registrations: list.registrations.map((x) => (x.id === r.id ? r : x)),
});
const withoutId = (list: List, id: string): List => ({
  ...list,
  registrations: list.registrations.filter((x) => x.id !== id),
});
const emptied = (list: List): List => ({
  ...list,
  registrations: [],
  pagination: { ...list.pagination, total: 0, totalPages: 0 },
  totalRegistrations: 0,
});

/**
 * Page 1, newest first, no search: a join goes on top, after the pinned rows, when it is newer than
 * the rows there (a replayed older join is not). Undefined where its place is not known.
 */
function withJoined(list: List, r: Entry, pinned: readonly string[]): List | undefined {
  const rows = list.registrations;
  if (rows.some((x) => x.id === r.id)) return replaced(list, r);
  if (pinned.includes(r.id)) return undefined;
  const first = rows.findIndex((x) => !pinned.includes(x.id));
  const at = first === -1 ? rows.length : first;
  if (at >= list.pagination.limit || (rows[at] && rows[at].created_at > r.created_at)) return undefined;
  const total = list.pagination.total + 1;
  return {
    ...list,
    registrations: [...rows.slice(0, at), r, ...rows.slice(at)].slice(0, list.pagination.limit),
    pagination: { ...list.pagination, total, totalPages: Math.ceil(total / list.pagination.limit) },
    totalRegistrations: list.totalRegistrations + 1,
  };
}

/**
 * spec §4 realtime, for the attendee list, the venue display (`public`) and the organiser's list
 * (`organiser`): reads where the change log stands (`ready`; the page loads its list only then), and
 * subscribes from there, so a change made while the list loads is replayed, not lost. After a dropped
 * socket the wsLink resubscribes with the last tracked id and the server replays what was missed
 * (`reconnecting` meanwhile); a subscription the server refused is tried again after RETRY_MS.
 *
 * Changes are merged into the cached lists of the event: a join at the top of page 1 (newest, no
 * search), edits and check-ins in place, removals dropped; erasure empties them. Whatever cannot be
 * merged (a join elsewhere, an edit under a search or a name sort, a removal's refill, a page still
 * loading, `refetch`) reloads the page, at most once per REFRESH_MS. So do check-ins, check-outs and
 * edits: the "here now" count is counted from the rows, never adjusted on the phone (a replayed change
 * would count twice). With `confirm` every change reloads too, for figures a change does not carry (the
 * organiser's checked-in count) or rows that appeared without one; the public list's joins do without.
 */
export function useLiveChanges({
  eventId,
  audience,
  view,
  viewer,
  enabled = true,
  confirm = false,
}: {
  eventId: string;
  audience: 'public' | 'organiser';
  view: LiveView;
  /** An attendee of the event: the changes carry what they may see of their connections. */
  viewer?: Viewer;
  enabled?: boolean;
  confirm?: boolean;
}) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const organiser = audience === 'organiser';
  const listKey = (input: Partial<RegistrationListInput>) =>
    organiser ? getQueryKey(trpc.registrations.organiserList, input, 'query') : publicListKey(input);
  const lists = { queryKey: listKey({ eventId }) };
  const shown = listKey({ eventId, ...view });

  // Anything in flight may have read the database before the change: cancel it and fetch again.
  const reload = useThrottle(
    () => void queryClient.cancelQueries(lists).then(() => queryClient.invalidateQueries(lists)),
  );
  const eventChanged = useThrottle(() =>
    organiser ? utils.events.get.invalidate({ id: eventId }) : utils.registrations.event.invalidate({ eventId }),
  );
  /** The page on screen, unless it is still being fetched. */
  const settled = () => {
    const q = queryClient.getQueryState<List>(shown);
    return q?.status === 'success' && q.fetchStatus === 'idle' ? q.data : undefined;
  };

  const apply = (change: LiveChange) => {
    // on the venue screen, an entry that no longer shows there leaves it as a removal would
    const c: LiveChange =
      view.display && change.registration && 'on_display' in change.registration && !change.registration.on_display
        ? { seq: change.seq, kind: 'removed', id: change.id as string, registration: null }
        : change;
    switch (c.kind) {
      case 'joined': {
        const top = view.page === 1 && view.sortBy === 'newest' && view.search === '';
        const list = top ? settled() : undefined;
        const next = list && withJoined(list, c.registration, view.pinned ?? []);
        if (next) queryClient.setQueryData(shown, next);
        // other pages and sorts shifted: reloaded when shown again
        void queryClient.invalidateQueries({ ...lists, refetchType: 'none' });
        if (!next || confirm) reload();
        if (organiser) eventChanged();
        return;
      }
      case 'updated':
      case 'checked_in':
      case 'check_in_undone': {
        // in place at once; then the page again (throttled): a check-in or check-out moves the "here now"
        // count, which only the rows know, and an edit can move an entry in a name sort or a search
        queryClient.setQueriesData<List>(lists, (l) => l && replaced(l, c.registration));
        reload();
        return;
      }
      case 'removed':
        queryClient.setQueriesData<List>(lists, (l) => l && withoutId(l, c.id));
        reload(); // refill the page and the counts
        if (organiser) eventChanged();
        return;
      case 'erased': // the subscription ends; the event now says its data is gone
        queryClient.setQueriesData<List>(lists, (l) => l && emptied(l));
        eventChanged();
        return;
      case 'refetch':
        reload();
        eventChanged();
        return;
    }
  };

  const [from, setFrom] = useState<{ eventId: string; id: string }>();
  const start = from?.eventId === eventId ? from.id : undefined;
  const cursor = trpc.live.cursor.useQuery(
    { eventId },
    {
      enabled: enabled && start === undefined,
      gcTime: 0, // read afresh on every visit
      refetchInterval: (q) =>
        q.state.status === 'error' && errorCode(q.state.error) !== 'NOT_FOUND' ? LIVE_CLIENT.RETRY_MS : false,
    },
  );
  if (start === undefined && cursor.data) setFrom({ eventId, id: cursor.data.lastEventId });

  const [started, setStarted] = useState(false);
  const seen = useRef<{ eventId: string; id: string }>(undefined);
  const input =
    enabled && start !== undefined ? { eventId, lastEventId: start, ...(viewer ? { viewer } : {}) } : skipToken;
  const options = {
    onStarted: () => setStarted(true),
    // Under a rush several changes come in one item (the server batches them); the item's id is the
    // last one's seq, which is where a resubscription resumes.
    onData: (item: { id: string; data: LiveBatch }) => {
      seen.current = { eventId, id: item.id };
      for (const change of item.data.changes) apply(change);
    },
  };
  const pub = trpc.live.onEvent.useSubscription(organiser ? skipToken : input, options);
  const own = trpc.live.onOrganiserEvent.useSubscription(organiser ? input : skipToken, options);
  const { status, reset } = organiser ? own : pub;

  useEffect(() => {
    if (status !== 'error') return;
    const retry = setTimeout(() => {
      // from the last change seen: a new input resubscribes by itself
      const last = seen.current;
      if (last?.eventId === eventId && last.id !== start) setFrom(last);
      else reset();
    }, LIVE_CLIENT.RETRY_MS);
    return () => clearTimeout(retry);
  }, [status, reset, eventId, start]);

  return {
    ready: start !== undefined,
    started,
    reconnecting: started && (status === 'connecting' || status === 'error'),
  };
}

/**
 * Runs `fn` at most once per `ms`: the first call at once, later ones merged into one call at the end
 * of the window. The timer is cleared on unmount.
 */
function useThrottle(fn: () => unknown, ms: number = LIVE_CLIENT.REFRESH_MS) {
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
