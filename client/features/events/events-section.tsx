import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pagination } from '../../components/pagination';
import { useIsMobile } from '../../lib/use-is-mobile';
import { EventCards } from './event-cards';
import { EventsTable } from './events-table';
import type { EventList } from './use-event-list';

/** One list of /events (upcoming or past): heading, table or cards, its own pagination. */
export function EventsSection({
  kind,
  title,
  list,
  empty,
  action,
}: {
  kind: 'upcoming' | 'past';
  title: string;
  list: EventList;
  empty: string;
  action?: ReactNode;
}) {
  const isMobile = useIsMobile();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={title}
      id={`${kind}-events`}
      style={{ scrollMarginTop: 76 }}
    >
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {list.total > 0 && (
            <Badge variant="light" color="gray" size="lg" radius="sm">
              {list.total}
            </Badge>
          )}
        </Group>
        {action}
      </Group>
      {list.events.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {empty}
        </Text>
      ) : isMobile ? (
        <EventCards events={list.events} kind={kind} />
      ) : (
        <EventsTable events={list.events} kind={kind} />
      )}
      <Pagination
        page={list.page}
        limit={list.limit}
        total={list.total}
        onChange={list.setPage}
        label={`${title} pages`}
      />
    </Paper>
  );
}
