import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import type { RegistrationDto } from '#shared/schemas/registrations';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { useLiveChanges } from '../live/use-live-changes';
import { useListQuery } from './use-list-query';

/**
 * spec §2 registration management, §4 registration check-in: the owner's list of one event (search on
 * first name, last name and e-mail, sort, 10 per page), check in / undo / remove with the spec's texts,
 * and every change anywhere (a join at the door, another organiser's phone) reloading it live.
 */
export function useOrganiserAttendees(eventId: string, open: boolean) {
  const utils = trpc.useUtils();
  const { search, setSearch, debounced, sortBy, setSortBy, page, setPage } = useListQuery();

  const view = { search: debounced, sortBy, page, limit: ATTENDEES.ORGANISER_PAGE_SIZE };
  // every change reloads too: the checked-in count is not in the change
  const live = useLiveChanges({ eventId, audience: 'organiser', view, enabled: open, confirm: true });
  const list = trpc.registrations.organiserList.useQuery(
    { eventId, ...view },
    { enabled: open && live.ready, placeholderData: keepPreviousData },
  );

  const patch = (r: RegistrationDto) =>
    utils.registrations.organiserList.setQueriesData(
      { eventId },
      {},
      (old) => old && { ...old, registrations: old.registrations.map((x) => (x.id === r.id ? r : x)) },
    );
  const settle = () => void utils.registrations.organiserList.invalidate({ eventId });
  /** A check-in, check-out or undo: the row patched in place, the spec's toast, then the list again. */
  const presence = (message: string) => ({
    onSuccess: (r: RegistrationDto) => {
      patch(r);
      notifications.show({ color: 'green', message });
    },
    onError: (e: unknown) => notifications.show({ color: 'red', message: errorMessage(e) }),
    onSettled: settle,
  });
  const checkIn = trpc.registrations.checkIn.useMutation(presence(M.success.checkedIn));
  const undo = trpc.registrations.undoCheckIn.useMutation(presence(M.success.checkInUndone));
  const checkOut = trpc.registrations.checkOut.useMutation(presence(M.success.checkedOut));
  const undoCheckOut = trpc.registrations.undoCheckOut.useMutation(presence(M.success.checkOutUndone));
  const remove = trpc.registrations.remove.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: M.success.registrationDeleted });
      void utils.events.get.invalidate({ id: eventId });
    },
    onError: () =>
      notifications.show({ color: 'red', title: M.attendees.removeErrorTitle, message: M.attendees.removeErrorBody }),
    onSettled: settle,
  });

  /** The row an action is running for (its button shows the spinner). */
  const busyId = [checkIn, undo, checkOut, undoCheckOut, remove].find((m) => m.isPending)?.variables?.id;

  return {
    search,
    setSearch,
    debounced,
    sortBy,
    setSortBy,
    page,
    setPage,
    list,
    checkIn,
    undo,
    checkOut,
    undoCheckOut,
    remove,
    busyId,
  };
}
