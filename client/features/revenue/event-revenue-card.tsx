import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import { trpc } from '../../lib/trpc';
import { Figure } from './figure';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-label={M.revenue.downloadRevenue}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color="green">
            <IconCoin size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} size="h4">
              {M.revenue.downloadRevenue}
            </Title>
            <Text size="sm" c="dimmed">
              {M.revenue.source}
            </Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * spec §2 event detail "Download Revenue" card: a skeleton while loading; nothing on an error or when
 * the event has sold no download (spec: "hidden on error or empty data").
 */
export function EventRevenueCard({ eventId }: { eventId: string }) {
  const revenue = trpc.revenue.forEvent.useQuery({ eventId });
  const cols = { base: 2, md: 4 };

  if (revenue.isLoading) {
    return (
      <Frame>
        <SimpleGrid cols={cols} spacing="lg" data-testid="event-revenue-skeleton">
          {[M.revenue.yourShare, M.revenue.totalRevenue, M.revenue.downloads, M.revenue.lastDownload].map((l) => (
            <Figure key={l} label={l} value="" loading />
          ))}
        </SimpleGrid>
      </Frame>
    );
  }
  const r = revenue.data;
  if (revenue.error || !r) return null;

  return (
    <Frame>
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing="md">
        <Figure label={M.revenue.yourShare} value={formatPence(r.organizer_share)} />
        <Figure label={M.revenue.totalRevenue} value={formatPence(r.total_revenue)} />
        <Figure label={M.revenue.downloads} value={r.download_count} />
        <Figure
          label={M.revenue.lastDownload}
          value={r.last_download ? formatDetailDate(r.last_download) : M.revenue.never}
        />
      </SimpleGrid>
    </Frame>
  );
}
