import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { ConfirmModal } from '../../components/confirm';
import { trpc } from '../../lib/trpc';
import { attendeeTotal, type EventDto } from './event-format';

/** spec §2 delete with confirmation → "Event deleted successfully" → /events. */
/** `px`: the button's side padding (the detail page's phone row makes it tighter). */
export function DeleteEventButton({ event, px }: { event: EventDto; px?: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.events.remove.useMutation({
    onSuccess: () => {
      utils.events.list.invalidate();
      utils.events.counts.invalidate();
      utils.events.get.setData({ id: event.id }, undefined);
      notifications.show({ color: 'green', message: M.success.eventDeleted });
      navigate('/events');
    },
    onError: () => {
      close();
      notifications.show({ color: 'red', title: M.events.deleteErrorTitle, message: M.events.deleteEventFailed });
    },
  });
  const attendees = event.personal_data_deleted ? 0 : attendeeTotal(event);

  return (
    <>
      <Button color="red" variant="light" px={px} leftSection={<IconTrash size={16} />} onClick={open}>
        Delete
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title="Delete this event?"
        confirmLabel="Delete Event"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: event.id })}
      >
        <Text span fw={600} c="dark">
          {event.name}
        </Text>{' '}
        will be deleted
        {attendees > 0 ? ` together with its ${attendees} ${attendees === 1 ? 'registration' : 'registrations'}` : ''}.
        Its registration link and QR code will stop working. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
