import { eventTimeZone } from '#shared/dates';
import type { PublicEventDto } from '#shared/schemas/registrations';
import type { EventRow } from '../../db/schema';
import { parseFormats } from './download-formats';

/** The columns the public event shape is built from (a row of any select that has them). */
export type PublicEventColumns = Omit<EventRow, 'user_id' | 'created_at' | 'updated_at' | 'self_removed_count'>;

/**
 * What the public pages (/register, /event-list, /event-display, /event-qr) know about an event, field by
 * field: no owner, booleans as booleans, formats as a list. Explicit, so a column added later never
 * leaves the server by accident. `time_zone` is the zone the event's times are in: its own, else
 * `defaultZone` (the server's TIME_ZONE).
 */
export function toPublicEventDto(row: PublicEventColumns, defaultZone: string): PublicEventDto {
  return {
    id: row.id,
    name: row.name,
    venue: row.venue,
    city: row.city,
    event_date: row.event_date,
    start_time: row.start_time,
    end_time: row.end_time,
    time_zone: eventTimeZone(row.time_zone, defaultZone),
    email_required: row.email_required === 1,
    phone_required: row.phone_required === 1,
    sponsor_enabled: row.sponsor_enabled === 1,
    sponsor_logo_url: row.sponsor_logo_url,
    sponsor_link_url: row.sponsor_link_url,
    sponsor_text: row.sponsor_text,
    sponsor_utm_source: row.sponsor_utm_source,
    sponsor_utm_medium: row.sponsor_utm_medium,
    sponsor_utm_campaign: row.sponsor_utm_campaign,
    sponsor_utm_content: row.sponsor_utm_content,
    sponsor_utm_term: row.sponsor_utm_term,
    download_enabled: row.download_enabled === 1,
    download_price: row.download_price,
    download_formats: parseFormats(row.download_formats),
    personal_data_deleted: row.personal_data_deleted === 1,
    attendee_count: row.attendee_count,
    scheduled_deletion_date: row.scheduled_deletion_date,
    join_code: row.join_code,
  };
}
