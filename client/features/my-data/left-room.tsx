import { Button, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconListDetails } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '#shared/constants';
import { M } from '#shared/messages';
import { myDataMessages } from '#shared/messages/my-data';
import { MessageCard } from '../registrations/message-card';

/**
 * After "Remove me from this room": what happened, then (as after an edit, 1.5 s later or at once with the
 * button) the attendee list as a visitor, where a toast says it again.
 */
export function LeftRoom({ eventId, eventName }: { eventId: string; eventName: string }) {
  const navigate = useNavigate();
  const toList = useCallback(() => {
    notifications.show({ id: 'left-room', color: 'green', message: myDataMessages.myData.removedTitle });
    navigate(`/event-list/${eventId}`);
  }, [eventId, navigate]);
  useEffect(() => {
    const timer = setTimeout(toList, LIMITS.POST_EDIT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [toList]);
  return (
    <MessageCard icon={IconCircleCheck} color="teal" role="status">
      <Title order={1} size="h3">
        {myDataMessages.myData.removedTitle}
      </Title>
      <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {eventName}
      </Text>
      <Text size="sm">{myDataMessages.myData.removedBody}</Text>
      <Button onClick={toList} leftSection={<IconListDetails size={16} />} mt="xs">
        {M.attendees.viewList}
      </Button>
    </MessageCard>
  );
}
