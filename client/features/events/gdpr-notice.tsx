import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { deletionWhen, type EventDto } from './event-format';

/** spec §2 event detail GDPR retention notice; §9: erased two working days after the event ends. */
export function GdprNotice({ event }: { event: EventDto }) {
  const due = deletionWhen(event);
  return (
    <Alert color="blue" variant="light" icon={<IconShieldLock size={20} />} title="Data retention (GDPR)">
      {event.personal_data_deleted
        ? `The attendees' personal data has been deleted. ${event.attendee_count} ${event.attendee_count === 1 ? 'attendee was' : 'attendees were'} recorded.`
        : 'Attendee personal data (names, photos, e-mail addresses and phone numbers) is deleted automatically two working days after the event ends.'}
      {!event.personal_data_deleted && due && (
        <>
          {' '}
          Scheduled deletion: <strong>{due.date}</strong> at {due.time}
          {due.zone}.
        </>
      )}
    </Alert>
  );
}
