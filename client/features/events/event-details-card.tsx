import { IconInfoCircle } from '@tabler/icons-react';
import { formatDetailDate } from '#shared/dates';
import { DetailCard, DetailField } from './detail-card';
import { type EventDto, timeRange } from './event-format';

/** spec §2 event detail: Event Date, Event Time, Venue, City. */
export function EventDetailsCard({ event }: { event: EventDto }) {
  return (
    <DetailCard icon={IconInfoCircle} title="Details">
      <DetailField label="Event Date">{formatDetailDate(event.event_date)}</DetailField>
      <DetailField label="Event Time">{timeRange(event)}</DetailField>
      <DetailField label="Venue">{event.venue}</DetailField>
      <DetailField label="City">{event.city}</DetailField>
    </DetailCard>
  );
}
