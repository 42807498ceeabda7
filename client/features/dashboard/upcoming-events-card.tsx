import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconChevronRight, IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAGE_SIZES } from '#shared/constants';
import { formatListDate } from '#shared/dates';
import { M } from '#shared/messages';
import { EmptyState } from '../../components/empty-state';
import { trpc } from '../../lib/trpc';
import { attendeeTotal, timeRange } from '../events/event-format';

// spec §9: the dashboard uses 10 per page, as the event list does.
const SHOWN = PAGE_SIZES.EVENTS;

/** spec §2 dashboard: the next upcoming events, Add New, and a link to the full list when there are more. */
export function UpcomingEventsCard() {
  const list = trpc.events.list.useQuery({ filter: 'upcoming', page: 1, limit: SHOWN });
  const events = list.data?.events ?? [];
  const total = list.data?.totalCount ?? 0;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Upcoming Events
        </Title>
        <Button component={Link} to="/create-event" variant="light" size="xs" leftSection={<IconPlus size={14} />}>
          {M.events.addNew}
        </Button>
      </Group>

      {list.isLoading ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </Stack>
      ) : events.length === 0 ? (
        <EmptyState icon={IconCalendarEvent} title={M.events.noUpcoming}>
          Create an event to get a registration link and QR code your attendees can scan to join the room.
        </EmptyState>
      ) : (
        <Stack gap={0}>
          {events.map((e) => (
            <UnstyledButton
              key={e.id}
              component={Link}
              to={`/event/${e.id}`}
              py="sm"
              px="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)', borderRadius: 0 }}
              aria-label={`Open ${e.name}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {e.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {formatListDate(e.event_date)} · {timeRange(e)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {e.venue}, {e.city}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap" c="dimmed">
                  <IconUsers size={16} />
                  <Text size="sm" fw={500} c="dark">
                    {attendeeTotal(e)}
                  </Text>
                  <IconChevronRight size={16} />
                </Group>
              </Group>
            </UnstyledButton>
          ))}
          {total > SHOWN && (
            <Anchor component={Link} to="/events" size="sm" pt="sm" ta="center">
              View all {total} upcoming events
            </Anchor>
          )}
        </Stack>
      )}
    </Paper>
  );
}
