import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '#shared/constants';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';

/**
 * One page of the user's upcoming or past events (spec §7: upcoming date-asc, past date-desc). The
 * page lives in the query string (?upcoming=2) so Back from an event returns to the same page.
 * spec §8: a list error shows a toast, then the empty list.
 */
export function useEventList(filter: 'upcoming' | 'past', limit: number = PAGE_SIZES.EVENTS) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get(filter)) || 1);
  const query = trpc.events.list.useQuery({ filter, page, limit }, { placeholderData: keepPreviousData });

  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete(filter);
        else next.set(filter, String(p));
        return next;
      },
      { replace: true },
    );

  const totalPages = query.data?.pagination.totalPages ?? 0;
  // A page past the end (after a delete elsewhere, or a hand-edited URL) falls back to the last one.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  });

  useEffect(() => {
    if (query.error) notifications.show({ id: `events-${filter}`, color: 'red', message: errorMessage(query.error) });
  }, [query.error, filter]);

  return {
    page,
    setPage,
    limit,
    events: query.error ? [] : (query.data?.events ?? []),
    total: query.error ? 0 : (query.data?.totalCount ?? 0),
    isLoading: query.isLoading,
  };
}
export type EventList = ReturnType<typeof useEventList>;
