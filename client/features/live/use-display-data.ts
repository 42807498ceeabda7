import { useReducedMotion } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_CLIENT, LIVE_DISPLAY } from '#shared/constants';
import { nextPage } from '#shared/display-grid';
import type { RegistrationListInput } from '#shared/schemas/registrations';
import { trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';
import { useLiveChanges } from './use-live-changes';

// A page's query is dropped soon after the rotation leaves it: the screen holds the page it shows and the
// next one (prefetched), never the whole room, however long it runs.
const PAGE_GC_MS = 2 * LIVE_DISPLAY.ROTATE_MS;

const retryWhileFailing = (failed: boolean) => (failed ? LIVE_CLIENT.RETRY_MS : false);

/**
 * spec §2, §4 live display: the event, the page of newest-first attendees on screen, the rotation every
 * 6000 ms with its 800 ms fade (none with prefers-reduced-motion), and the live changes merged in.
 * A failed load (the server restarting) is retried until it succeeds; "Event not found" is final.
 */
export function useDisplayData(eventId: string, pageSize: number) {
  const utils = trpc.useUtils();
  const reduced = useReducedMotion();

  const event = trpc.registrations.event.useQuery(
    { eventId },
    {
      retry: (n, e) => errorCode(e) !== 'NOT_FOUND' && n < 2,
      refetchInterval: (q) => retryWhileFailing(q.state.status === 'error' && errorCode(q.state.error) !== 'NOT_FOUND'),
    },
  );
  const erased = event.data?.personal_data_deleted ?? false;

  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(true);
  // only those who chose to show on the venue screen (docs/privacy.md)
  const view = { search: '', sortBy: 'newest' as const, page, limit: pageSize, display: true };
  const input = (p: number): RegistrationListInput => ({ eventId, ...view, page: p });
  // A screen that runs for days re-reads its page after every change, so nothing on it drifts.
  const open = Boolean(event.data) && !erased;
  const live = useLiveChanges({ eventId, audience: 'public', view, enabled: open, confirm: true });

  const list = trpc.registrations.list.useQuery(input(page), {
    enabled: open && pageSize > 0 && live.ready,
    placeholderData: keepPreviousData,
    gcTime: PAGE_GC_MS,
    // without a live connection (a network that blocks WebSockets) the page polls instead
    refetchInterval: (q) => retryWhileFailing(q.state.status === 'error' || !live.started),
  });

  const totalPages = Math.max(1, list.data?.pagination.totalPages ?? 1);
  const totalRef = useRef(totalPages);
  totalRef.current = totalPages;

  // A new grid size starts over; a shrunk list never leaves the screen on a page that no longer exists.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page size restarts
  useEffect(() => setPage(1), [pageSize]);
  useEffect(() => {
    if (page > totalPages) setPage(1);
  }, [page, totalPages]);

  useEffect(() => {
    let fade: ReturnType<typeof setTimeout> | undefined;
    const tick = setInterval(() => {
      if (totalRef.current <= 1) return;
      if (reduced) return setPage((p) => nextPage(p, totalRef.current));
      setShown(false);
      fade = setTimeout(() => {
        setPage((p) => nextPage(p, totalRef.current));
        setShown(true);
      }, LIVE_DISPLAY.FADE_MS);
    }, LIVE_DISPLAY.ROTATE_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(fade);
      setShown(true);
    };
  }, [reduced]);

  // The next page is fetched while this one is on screen, so the fade reveals it complete.
  // biome-ignore lint/correctness/useExhaustiveDependencies: input() is derived from the listed values
  useEffect(() => {
    if (totalPages <= 1 || !list.data) return;
    void utils.registrations.list.prefetch(input(nextPage(page, totalPages)), { gcTime: PAGE_GC_MS });
  }, [page, totalPages, pageSize, eventId, Boolean(list.data)]);

  return {
    event,
    erased,
    list,
    page: Math.min(page, totalPages),
    totalPages,
    shown,
    reduced,
    reconnecting: live.reconnecting,
  };
}
