import { Button, Text, Title } from '@mantine/core';
import { IconListDetails, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { MessageCard } from './message-card';

/** spec §2 edit routes, §6 visitor: editing works only from the browser that joined. */
export function AccessDenied({ eventId }: { eventId: string }) {
  return (
    <MessageCard icon={IconLock} color="orange" role="alert">
      <Title order={1} size="h3">
        {M.attendees.accessDenied}
      </Title>
      <Text c="dimmed" size="sm">
        You can edit your entry only from the browser you joined the room with. On another phone or browser, join again
        instead.
      </Text>
      <Button component={Link} to={`/event-list/${eventId}`} leftSection={<IconListDetails size={16} />} mt="xs">
        {M.attendees.viewList}
      </Button>
    </MessageCard>
  );
}
