import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarStats, IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { useMe } from '../auth/use-auth';
import { RevenueSlot } from './revenue-slot';
import { StatCard } from './stat-card';
import { UpcomingEventsCard } from './upcoming-events-card';

/** spec §2 "/": welcome, statistics, upcoming events, and the Revenue card when downloads are sold. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: me } = useMe();
  const counts = trpc.events.counts.useQuery();
  const count = (n: number | undefined) => (counts.isLoading ? '…' : (n ?? 0));

  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Dashboard"
        description={me ? `Welcome back, ${me.first_name}` : undefined}
        actions={
          <Button component={Link} to="/create-event" leftSection={<IconPlus size={16} />}>
            Create Event
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <StatCard
          label={M.events.totalEvents}
          value={count(counts.data?.total)}
          hint="All the rooms you have hosted"
          to="/events"
          icon={IconCalendarStats}
          color="indigo"
        />
        <StatCard
          label={M.events.upcomingEvents}
          value={count(counts.data?.upcoming)}
          hint="Scheduled from today on"
          to="/events"
          icon={IconCalendarTime}
          color="teal"
        />
      </SimpleGrid>

      <RevenueSlot hasDownloadsEnabled={counts.data?.hasDownloadsEnabled ?? false} />
      <UpcomingEventsCard />
    </Stack>
  );
}
