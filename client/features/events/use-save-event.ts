import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { M } from '#shared/messages';
import type { EventForm } from '#shared/schemas/events';
import { trpc } from '../../lib/trpc';

/**
 * spec §4 event form: create or update, refresh what lists events, then /event/{id} with the
 * success toast. Errors are thrown back to the form, which shows them.
 */
export function useSaveEvent(eventId?: string) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.events.create.useMutation();
  const update = trpc.events.update.useMutation();

  const save = async (values: EventForm) => {
    const saved = eventId ? await update.mutateAsync({ id: eventId, ...values }) : await create.mutateAsync(values);
    utils.events.list.invalidate();
    utils.events.counts.invalidate();
    utils.events.get.setData({ id: saved.id }, saved);
    if (!eventId) utils.membership.check.invalidate();
    notifications.show({ color: 'green', message: eventId ? M.success.eventUpdated : M.success.eventCreated });
    navigate(`/event/${saved.id}`);
  };

  return { save, pending: create.isPending || update.isPending };
}
