import { ATTENDEES } from '#shared/constants';
import { trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';

/** The public view of one event (spec §7 "registration page"); `missing` when the server says NOT_FOUND. */
export function usePublicEvent(eventId: string) {
  const query = trpc.registrations.event.useQuery(
    { eventId },
    {
      staleTime: ATTENDEES.PUBLIC_EVENT_STALE_MS,
      // a missing event stays missing; a dropped connection on venue Wi-Fi is worth two more tries
      retry: (count, err) => errorCode(err) !== 'NOT_FOUND' && errorCode(err) !== 'BAD_REQUEST' && count < 2,
    },
  );
  const code = errorCode(query.error);
  return { ...query, missing: code === 'NOT_FOUND' || code === 'BAD_REQUEST' };
}
