import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarStats, IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { useMe } from '../auth/use-auth';
import { StatCard } from './stat-card';

/** spec §2 "/": welcome, statistics, upcoming events. The counts arrive with the events feature. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: me } = useMe();

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
          value={0}
          hint="All the rooms you have hosted"
          to="/events"
          icon={IconCalendarStats}
          color="indigo"
        />
        <StatCard
          label={M.events.upcomingEvents}
          value={0}
          hint="Scheduled from today on"
          to="/events"
          icon={IconCalendarTime}
          color="teal"
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            Upcoming Events
          </Title>
          <Button component={Link} to="/create-event" variant="light" size="xs" leftSection={<IconPlus size={14} />}>
            {M.events.addNew}
          </Button>
        </Group>
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconCalendarEvent size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={500}>{M.events.noUpcoming}</Text>
          <Text size="sm" c="dimmed" maw={380}>
            Create an event to get a registration link and QR code your attendees can scan to join the room.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
