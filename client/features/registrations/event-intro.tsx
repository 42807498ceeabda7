import { Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { formatDetailDate, formatTime } from '#shared/dates';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { Brand } from '../../components/brand';

/** The top of the join and edit forms: the product mark, the title, where and when. */
export function EventIntro({ event, title }: { event: PublicEventDto; title: string }) {
  return (
    <Stack gap={8} align="center" ta="center">
      <Brand />
      <Title order={1} size="h3" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Group gap="md" justify="center" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <IconCalendarEvent size={15} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {formatDetailDate(event.event_date)}, {formatTime(event.start_time)}-{formatTime(event.end_time)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={15} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {event.venue}, {event.city}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
