import type { PublicEventDto } from '#shared/schemas/registrations';

/**
 * spec §2 attendee list: "A collapsible download card lists the formats" (§6: only with a matching
 * token in this browser, else "Join Room to Download"). The payments feature renders it here; until
 * then the slot renders nothing.
 */
export function DownloadCardSlot(_props: { event: PublicEventDto; registrationId: string | null }) {
  return null;
}
