import { useReducedMotion } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_CLIENT, LIVE_DISPLAY } from '#shared/constants';
import { nextPage } from '#shared/display-grid';
import type { RegistrationListInput, RegistrationListResponse } from '#shared/schemas/registrations';
import { trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';
import { type LiveChange, useLiveChanges, useThrottle } from './use-live-changes';

// A page's query is dropped soon after the rotation leaves it: the screen holds the page it shows and the
// next one (prefetched), never the whole room, however long it runs.
const PAGE_GC_MS = 2 * LIVE_DISPLAY.ROTATE_MS;
// Without a live connection the grid still loads after this, and then polls.
const LIVE_WAIT_MS = 3_000;

const retryWhileFailing = (failed: boolean) => (failed ? LIVE_CLIENT.RETRY_MS : false);

/** A join merged into the first page at once (newest at the top, spec §4); the refresh that follows confirms it. */
function withJoined(
  old: RegistrationListResponse | undefined,
  r: NonNullable<LiveChange['registration']>,
  pageSize: number,
) {
  if (!old) return old;
  const known = old.registrations.some((x) => x.id === r.id);
  if (known) return { ...old, registrations: old.registrations.map((x) => (x.id === r.id ? r : x)) };
  const total = old.totalRegistrations + 1;
  return {
    ...old,
    registrations: [r, ...old.registrations].slice(0, pageSize),
    totalRegistrations: total,
    pagination: { ...old.pagination, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) },
  };
}

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
  const refresh = useThrottle(() => void utils.registrations.list.invalidate({ eventId }));

  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(true);
  const input = (p: number): RegistrationListInput => ({ eventId, sortBy: 'newest', page: p, limit: pageSize });

  const onChange = (c: LiveChange) => {
    if (c.kind === 'joined') {
      if (page === 1) utils.registrations.list.setData(input(1), (old) => withJoined(old, c.registration, pageSize));
      refresh();
    } else if (c.kind === 'updated' || c.kind === 'checked_in' || c.kind === 'check_in_undone') {
      const r = c.registration;
      utils.registrations.list.setData(input(page), (old) =>
        old ? { ...old, registrations: old.registrations.map((x) => (x.id === r.id ? r : x)) } : old,
      );
    } else {
      // removed, erased or refetch: the server's view decides
      if (c.kind !== 'removed') void utils.registrations.event.invalidate({ eventId });
      refresh();
    }
  };
  const live = useLiveChanges({
    eventId,
    audience: 'public',
    enabled: Boolean(event.data) && !erased,
    onChange,
    onStarted: refresh,
  });

  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setWaited(true), LIVE_WAIT_MS);
    return () => clearTimeout(t);
  }, []);

  const list = trpc.registrations.list.useQuery(input(page), {
    enabled: Boolean(event.data) && !erased && pageSize > 0 && (live.started || waited),
    placeholderData: keepPreviousData,
    gcTime: PAGE_GC_MS,
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
