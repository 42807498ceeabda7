import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatListDate } from '#shared/dates';
import { CleanupBadge } from './cleanup-badge';
import { attendeeTotal, type EventDto, timeRange } from './event-format';

const FeatureBadge = ({ children }: { children: string }) => (
  <Badge size="xs" variant="outline" color="grape" radius="sm">
    {children}
  </Badge>
);

/** spec §2 /events on desktop: Event Details, Location, Date & Time, then Attendees or Status. */
export function EventsTable({ events, kind }: { events: EventDto[]; kind: 'upcoming' | 'past' }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="38%">Event Details</Table.Th>
            <Table.Th w="24%">Location</Table.Th>
            <Table.Th w="22%">Date &amp; Time</Table.Th>
            <Table.Th w="16%" ta={kind === 'upcoming' ? 'right' : undefined}>
              {kind === 'upcoming' ? 'Attendees' : 'Status'}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} onClick={() => navigate(`/event/${e.id}`)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor
                    component={Link}
                    to={`/event/${e.id}`}
                    fw={600}
                    c="inherit"
                    onClick={(ev) => ev.stopPropagation()}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {e.name}
                  </Anchor>
                  {(e.sponsor_enabled || e.download_enabled) && (
                    <Group gap={4}>
                      {e.sponsor_enabled && <FeatureBadge>Sponsor</FeatureBadge>}
                      {e.download_enabled && <FeatureBadge>Downloads</FeatureBadge>}
                    </Group>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.venue}</Text>
                <Text size="xs" c="dimmed">
                  {e.city}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatListDate(e.event_date)}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {timeRange(e)}
                </Text>
              </Table.Td>
              <Table.Td ta={kind === 'upcoming' ? 'right' : undefined}>
                {kind === 'upcoming' ? (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <IconUsers size={16} color="var(--mantine-color-dimmed)" />
                    <Text size="sm" fw={500}>
                      {attendeeTotal(e)}
                    </Text>
                  </Group>
                ) : (
                  <CleanupBadge badge={e.cleanup_badge} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
