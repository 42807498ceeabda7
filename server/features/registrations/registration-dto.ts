import type { RegistrationDto } from '#shared/schemas/registrations';
import type { RegistrationRowOut } from './registrations.repo';

/**
 * spec §3 event_registrations on the wire, field by field, as the organiser and the entry's own browser
 * see it: never the token or its hash. Other viewers get ./attendee-dto.ts.
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
    checked_out_at: row.checked_out_at,
    contact_visibility: row.contact_visibility,
    show_on_display: row.show_on_display === 1,
    share_in_download: row.share_in_download === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
