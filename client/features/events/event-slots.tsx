import { OrganiserAttendees } from '../registrations/organiser-attendees';
import { EventRevenueCard } from '../revenue/event-revenue-card';
import type { EventDto } from './event-format';

// Slots of the event detail screen that later features fill. They render nothing until then.

/**
 * spec §2 "Event Attendees list, and a 'Delete Attendee Data Now' button": the registrations feature
 * renders the organiser's attendee list here (search, sort, 10 per page, check-in, removal).
 */
export function EventAttendeesSlot({ event }: { event: EventDto }) {
  return <OrganiserAttendees event={event} />;
}

/**
 * spec §2 "A Download Revenue card, shown only when download_enabled is true" (loading skeleton, hidden
 * on error or empty data).
 */
export function EventRevenueSlot({ event }: { event: EventDto }) {
  return event.download_enabled ? <EventRevenueCard eventId={event.id} /> : null;
}
