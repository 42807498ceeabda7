import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';

/**
 * The admin dashboard's three reads. spec §8: "Admin statistics errors are only logged, and the loading
 * state ends": an error is written to the console, never shown, and the page renders what it has.
 */
export function useAdminStats() {
  const overview = trpc.admin.overview.useQuery();
  const byEvent = trpc.admin.revenueByEvent.useQuery();
  const pageViews = trpc.admin.pageViews.useQuery();

  useEffect(() => {
    for (const [name, q] of [
      ['overview', overview],
      ['revenue by event', byEvent],
      ['page views', pageViews],
    ] as const) {
      if (q.error) console.error(`Admin statistics (${name}) failed to load`, q.error);
    }
  }, [overview, byEvent, pageViews]);

  return {
    loading: overview.isLoading || byEvent.isLoading,
    overview: overview.data,
    byEvent: byEvent.data ?? [],
    pageViews: pageViews.data,
    pageViewsLoading: pageViews.isLoading,
  };
}
