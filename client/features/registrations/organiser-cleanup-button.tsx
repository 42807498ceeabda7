import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconShieldX } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { ConfirmModal } from '../../components/confirm';
import { trpc } from '../../lib/trpc';
import { deletionWhen, type EventDto } from '../events/event-format';

/**
 * spec §2 event detail "Delete Attendee Data Now": the owner erases this event's attendee data at once,
 * the same way the scheduled job does, after confirming (spec §9 delete dialogs). The report names the
 * figures (spec §8 "Data cleanup completed"); the detail screen then shows the statistics view.
 */
export function OrganiserCleanupButton({ event, attendees }: { event: EventDto; attendees: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const utils = trpc.useUtils();
  const cleanup = trpc.gdpr.cleanupNow.useMutation({
    onSuccess: (report) => {
      close();
      notifications.show({
        color: 'green',
        title: M.success.cleanupCompleted,
        message: M.success.cleanupReport(report.processed_events, report.deleted_registrations),
      });
    },
    onError: () => {
      close();
      notifications.show({
        color: 'red',
        title: M.attendees.cleanupFailedTitle,
        message: M.attendees.cleanupFailedBody,
      });
    },
    onSettled: () => {
      void utils.events.get.invalidate({ id: event.id });
      void utils.events.list.invalidate();
      void utils.registrations.organiserList.invalidate({ eventId: event.id });
    },
  });
  const due = deletionWhen(event);

  return (
    <>
      <Button color="red" variant="outline" leftSection={<IconShieldX size={18} />} onClick={open}>
        {M.events.deleteDataNow}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title="Delete attendee data now?"
        confirmLabel="Delete Data Now"
        loading={cleanup.isPending}
        onConfirm={() => cleanup.mutate({ eventId: event.id })}
      >
        The personal data of{' '}
        <Text span fw={600} c="dark">
          {attendees} {attendees === 1 ? 'attendee' : 'attendees'}
        </Text>{' '}
        of {event.name} (names, photos, headlines, e-mail addresses and phone numbers) will be deleted now
        {due ? ` instead of on ${due.date}` : ''}. The attendee count is kept. The attendee list, the live display and
        downloads will show nobody from then on. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
