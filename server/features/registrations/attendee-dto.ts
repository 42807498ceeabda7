import type { AttendeeDto, RegistrationDto } from '#shared/schemas/registrations';

/**
 * Who is looking at the public list (docs/privacy.md): a visitor who has not joined (`id` null), or an
 * attendee, with the entries they are connected with.
 */
export type ListViewer = { id: string | null; connected: ReadonlySet<string> };

export const VISITOR: ListViewer = { id: null, connected: new Set() };
/** Someone who joined, looking at entries that are neither theirs nor a connection's. */
export const ANY_ATTENDEE: ListViewer = { id: '', connected: new Set() };

/** Whether an entry's contacts reach its connections: everything but "Only the organiser". */
export const reachesConnections = (v: RegistrationDto['contact_visibility']) => v === 'connections' || v === 'room';

/**
 * Whether the viewer may see the entry's e-mail and phone: their own entry; an entry shared with the whole
 * room, for anyone who joined it; an entry shared with connections, for a connection. Never a visitor.
 */
export function seesContacts(entry: Pick<RegistrationDto, 'id' | 'contact_visibility'>, viewer: ListViewer): boolean {
  if (viewer.id === null) return false;
  if (viewer.id === entry.id) return true;
  if (entry.contact_visibility === 'room') return true;
  return viewer.connected.has(entry.id) && reachesConnections(entry.contact_visibility);
}

/** An entry as this viewer of the public list may see it, field by field (never the token or the choices). */
export function toAttendeeDto(entry: RegistrationDto, viewer: ListViewer): AttendeeDto {
  const contacts = seesContacts(entry, viewer);
  return {
    id: entry.id,
    event_id: entry.event_id,
    first_name: entry.first_name,
    last_name: entry.last_name,
    email: contacts ? entry.email : null,
    phone: contacts ? entry.phone : null,
    headline: entry.headline,
    photo_url: entry.photo_url,
    checked_in_at: entry.checked_in_at,
    checked_out_at: entry.checked_out_at,
    connected: viewer.connected.has(entry.id),
    on_display: entry.show_on_display,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  };
}
