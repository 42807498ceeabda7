import { Paper } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { M } from '#shared/messages';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { EmptyState } from '../../components/empty-state';

/** spec §2, §4: after the personal data was cleaned, "Nobody is in the room!" and what happened. */
export function CleanedRoom({ event }: { event: PublicEventDto }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="cleaned-room">
      <EmptyState icon={IconSparkles} title={M.attendees.nobodyInRoom}>
        To protect everyone's privacy, the attendee data of this event was automatically cleaned up: names, photos and
        contact details are gone. {event.attendee_count > 0 && `${event.attendee_count} people were here.`}
      </EmptyState>
    </Paper>
  );
}
