import type { PublicEventDto, RegistrationDto } from '#shared/schemas/registrations';
import { parseFormats } from '../events/download-formats';
import type { PublicEventRow, RegistrationRowOut } from './registrations.repo';

/**
 * spec §3 event_registrations on the wire, field by field: never the token or its hash. Every viewer
 * of the list sees e-mail and phone (spec §6), so public and organiser lists share this shape.
 */
export function toRegistrationDto(row: RegistrationRowOut): RegistrationDto {
  return {
    id: row.id,
    event_id: row.event_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    headline: row.headline,
    photo_url: row.photo_url,
    checked_in_at: row.checked_in_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What the public pages know about an event: no owner, booleans as booleans. */
export function toPublicEventDto(row: PublicEventRow): PublicEventDto {
  return {
    id: row.id,
    name: row.name,
    venue: row.venue,
    city: row.city,
    event_date: row.event_date,
    start_time: row.start_time,
    end_time: row.end_time,
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
  };
}
