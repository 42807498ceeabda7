import { Badge, Divider, Group, SimpleGrid, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { REVENUE } from '#shared/constants';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import { trpc } from '../../lib/trpc';
import { Figure } from './figure';
import { RevenueFrame } from './revenue-frame';

const NONE = '—';

/**
 * spec §2 dashboard Revenue card, §1 revenue: Pending, Total Earned, Events with downloads and Last
 * payout ("Never": payouts are not recorded yet, spec §3), the source of the earnings, the monthly bank
 * transfer and instant payouts "coming soon". Amounts en-GB with two decimals (spec §9).
 */
export function RevenueCard() {
  const summary = trpc.revenue.summary.useQuery();
  const s = summary.data;
  const loading = summary.isLoading;
  const money = (pence: number | undefined) => (pence === undefined ? NONE : formatPence(pence));

  return (
    <RevenueFrame title={M.revenue.cardTitle}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="md">
        <Figure label={M.revenue.pending} value={money(s?.pending_earnings)} loading={loading} />
        <Figure label={M.revenue.totalEarned} value={money(s?.total_earnings)} loading={loading} />
        <Figure label={M.revenue.eventsWithDownloads} value={s?.events_with_downloads ?? NONE} loading={loading} />
        <Figure
          label={M.revenue.lastPayout}
          value={s?.last_payout_date ? formatDetailDate(s.last_payout_date) : M.revenue.never}
          loading={loading}
        />
      </SimpleGrid>

      <Divider />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap" c="dimmed" align="flex-start">
          <IconBuildingBank size={16} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{M.revenue.payoutSchedule(REVENUE.ORGANISER_SHARE_PERCENT)}</Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {M.revenue.instantPayouts}
          </Text>
          <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
            {M.revenue.comingSoon}
          </Badge>
        </Group>
      </Group>
    </RevenueFrame>
  );
}
