import { Suspense } from 'react';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { lazyPage } from '../../lib/lazy-page';

// Loaded only for an event with downloads on: most lists never fetch the card's code.
const DownloadCard = lazyPage(() => import('./download-card').then((m) => m.DownloadCard));

/**
 * spec §2 attendee list: "A collapsible download card lists the formats", shown only when the organiser
 * enabled downloads (§5) and the list still has its people (a cleaned room has nothing to download).
 * `registrationId` is this browser's own entry, if any; the card asks the same cached lookup for its token.
 */
export function DownloadCardSlot({ event }: { event: PublicEventDto; registrationId: string | null }) {
  if (!event.download_enabled || event.personal_data_deleted || event.download_formats.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DownloadCard event={event} />
    </Suspense>
  );
}
