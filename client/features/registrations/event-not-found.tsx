import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconRefresh } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { MessageCard } from './message-card';

/** spec §2 /register: "Event Not Found" with the id, the url and a Retry button (§8 for the body). */
export function EventNotFound({
  eventId,
  onRetry,
  retrying,
}: {
  eventId: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <MessageCard icon={IconCalendarOff} color="red" role="alert" size={520}>
      <Title order={1} size="h3">
        {M.events.notFoundTitle}
      </Title>
      <Text c="dimmed">{M.events.notFoundBody}</Text>
      <Stack gap={6} w="100%" ta="left">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          Event ID
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {eventId}
        </Code>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mt={4}>
          URL
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {window.location.href}
        </Code>
      </Stack>
      <Button leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={retrying} mt="xs">
        {M.attendees.retry}
      </Button>
    </MessageCard>
  );
}
