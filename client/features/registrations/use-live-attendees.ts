import { useEffect, useRef } from 'react';
import { PAGE_SIZES } from '#shared/constants';
import type { RegistrationDto, RegistrationListResponse, RegistrationSort } from '#shared/schemas/registrations';
import { type RouterOutputs, trpc } from '../../lib/trpc';

export type ListView = { search: string; sortBy: RegistrationSort; page: number };
type LiveData = RouterOutputs['live']['onEvent'] extends AsyncIterable<{ data: infer D }> ? D : never;

// ours: a burst of joins (a queue at the door) while a search or another page is shown reloads that
// page at most this often instead of once per join
const REFETCH_EVERY_MS = 1_000;

const replace = (list: RegistrationListResponse, r: RegistrationDto): RegistrationListResponse => ({
  ...list,
  registrations: list.registrations.map((x) => (x.id === r.id ? r : x)),
});

/**
 * spec §4 Realtime on the attendee list: new registrations appear at the top, edits and check-ins merge
 * in place, removals and erasure disappear. A join is put in place only where its place is known (page
 * 1, newest first, no search); anywhere else the page is reloaded (throttled). After every (re)start
 * of the subscription the page is reloaded once, so a change made while the page was loading or the
 * socket was down is not missed; wsLink also resumes from the last tracked id by itself.
 */
export function useLiveAttendees(eventId: string, view: ListView, enabled: boolean) {
  const utils = trpc.useUtils();
  const viewRef = useRef(view);
  viewRef.current = view;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const refetchSoon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void utils.registrations.list.invalidate({ eventId });
    }, REFETCH_EVERY_MS);
  };

  const apply = (d: LiveData) => {
    const v = viewRef.current;
    const current = { eventId, search: v.search, sortBy: v.sortBy, page: v.page, limit: PAGE_SIZES.ATTENDEE_LIST };
    switch (d.kind) {
      case 'joined': {
        const r = d.registration;
        const list = utils.registrations.list.getData(current);
        if (r && list && v.page === 1 && v.sortBy === 'newest' && v.search === '') {
          if (!list.registrations.some((x) => x.id === r.id)) {
            const total = list.pagination.total + 1;
            utils.registrations.list.setData(current, {
              registrations: [r, ...list.registrations].slice(0, list.pagination.limit),
              pagination: { ...list.pagination, total, totalPages: Math.ceil(total / list.pagination.limit) },
              totalRegistrations: list.totalRegistrations + 1,
            });
          }
          // other cached pages and sorts shifted: reload them when they are shown again
          void utils.registrations.list.invalidate({ eventId }, { refetchType: 'none' });
        } else {
          refetchSoon();
        }
        return;
      }
      case 'updated':
      case 'checked_in':
      case 'check_in_undone': {
        const r = d.registration;
        if (!r) return;
        utils.registrations.list.setQueriesData({ eventId }, {}, (list) => list && replace(list, r));
        // an edit can move an entry in a name sort or in and out of a search
        if (v.search !== '' || v.sortBy.startsWith('name')) refetchSoon();
        return;
      }
      case 'removed':
        utils.registrations.list.setQueriesData(
          { eventId },
          {},
          (list) => list && { ...list, registrations: list.registrations.filter((x) => x.id !== d.id) },
        );
        refetchSoon(); // refill the page and the counts
        return;
      case 'erased':
      case 'refetch':
        void utils.registrations.event.invalidate({ eventId });
        void utils.registrations.list.invalidate({ eventId });
        return;
    }
  };

  trpc.live.onEvent.useSubscription(
    { eventId },
    {
      enabled,
      onStarted: () => refetchSoon(),
      onData: (item) => apply(item.data),
    },
  );
}
