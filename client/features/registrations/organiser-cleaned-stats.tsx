import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarX, IconShieldCheck, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { deletionWhen, type EventDto } from '../events/event-format';

function Stat({ icon: Icon, label, value }: { icon: ComponentType<{ size?: number }>; label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="gray">
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <Text fw={700} fz="lg" data-testid={`cleaned-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * spec §4 event personal data: after cleanup the attendee list is replaced by a statistics view with the
 * stored attendee_count and the scheduled deletion date.
 */
export function OrganiserCleanedStats({ event }: { event: EventDto }) {
  const due = deletionWhen(event);
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconShieldCheck size={20} color="var(--mantine-color-teal-6)" style={{ flex: 'none', marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          The attendees' personal data has been deleted: names, photos, e-mail addresses and phone numbers are gone.
          Only the number of attendees is kept.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Stat icon={IconUsers} label="Total attendees" value={String(event.attendee_count)} />
        <Stat
          icon={IconCalendarX}
          label="Scheduled deletion"
          value={due ? `${due.date}, ${due.time}${due.zone}` : '—'}
        />
      </SimpleGrid>
    </Stack>
  );
}
