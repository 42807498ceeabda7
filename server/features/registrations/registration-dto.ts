import type { RegistrationDto } from '#shared/schemas/registrations';
import type { RegistrationRowOut } from './registrations.repo';

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
    checked_out_at: row.checked_out_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
