import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendar, IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatListDate } from '#shared/dates';
import { M } from '#shared/messages';
import { CleanupBadge } from './cleanup-badge';
import { attendeeTotal, type EventDto, timeRange } from './event-format';

function Line({ icon: Icon, children }: { icon: ComponentType<{ size?: number }>; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" c="dimmed">
      <Icon size={15} />
      <Text size="sm" c="dark.4" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** spec §2 /events on phones: one card per event; upcoming cards show "Active Data" (spec §4). */
export function EventCards({ events, kind }: { events: EventDto[]; kind: 'upcoming' | 'past' }) {
  return (
    <Stack gap="sm">
      {events.map((e) => (
        <Paper
          key={e.id}
          component={Link}
          to={`/event/${e.id}`}
          withBorder
          radius="md"
          p="md"
          aria-label={`Open ${e.name}`}
          style={{
            display: 'block',
            width: '100%',
            textAlign: 'left',
            cursor: 'pointer',
            font: 'inherit',
            color: 'inherit',
          }}
        >
          <Stack gap={8}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {e.name}
              </Text>
              <CleanupBadge badge={kind === 'upcoming' ? M.events.badge.activeData : e.cleanup_badge} />
            </Group>
            <Line icon={IconCalendar}>{formatListDate(e.event_date)}</Line>
            <Line icon={IconClock}>{timeRange(e)}</Line>
            <Line icon={IconMapPin}>
              {e.venue}, {e.city}
            </Line>
            <Line icon={IconUsers}>
              {attendeeTotal(e)} {attendeeTotal(e) === 1 ? 'attendee' : 'attendees'}
            </Line>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
