import { Button, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff, IconRefresh } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { PublicLayout } from './public-layout';

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
    <PublicLayout size={520}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} role="alert">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconCalendarOff size={28} stroke={1.6} />
          </ThemeIcon>
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
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
