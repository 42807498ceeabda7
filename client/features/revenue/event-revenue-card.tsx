import { SimpleGrid } from '@mantine/core';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import { trpc } from '../../lib/trpc';
import { Figure } from './figure';
import { RevenueFrame } from './revenue-frame';

/**
 * spec §2 event detail "Download Revenue" card: a skeleton while loading; nothing on an error or when
 * the event has sold no download (spec: "hidden on error or empty data").
 */
export function EventRevenueCard({ eventId }: { eventId: string }) {
  const revenue = trpc.revenue.forEvent.useQuery({ eventId });
  const cols = { base: 2, md: 4 };

  if (revenue.isLoading) {
    return (
      <RevenueFrame title={M.revenue.downloadRevenue}>
        <SimpleGrid cols={cols} spacing="lg" data-testid="event-revenue-skeleton">
          {[M.revenue.yourShare, M.revenue.totalRevenue, M.revenue.downloads, M.revenue.lastDownload].map((l) => (
            <Figure key={l} label={l} value="" loading />
          ))}
        </SimpleGrid>
      </RevenueFrame>
    );
  }
  const r = revenue.data;
  if (revenue.error || !r) return null;

  return (
    <RevenueFrame title={M.revenue.downloadRevenue}>
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing="md">
        <Figure label={M.revenue.yourShare} value={formatPence(r.organizer_share)} />
        <Figure label={M.revenue.totalRevenue} value={formatPence(r.total_revenue)} />
        <Figure label={M.revenue.downloads} value={r.download_count} />
        <Figure
          label={M.revenue.lastDownload}
          value={r.last_download ? formatDetailDate(r.last_download) : M.revenue.never}
        />
      </SimpleGrid>
    </RevenueFrame>
  );
}
