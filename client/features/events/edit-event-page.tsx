import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { M } from '#shared/messages';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { EventForm } from './event-form';
import { formValuesOf } from './use-event-form';
import { useSaveEvent } from './use-save-event';

/** spec §2 /edit-event/{id}: the prefilled form; a failed load goes back to /events. */
export function EditEventPage() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const event = trpc.events.get.useQuery({ id: eventId }, { staleTime: 0, refetchOnMount: 'always' });
  const { save, pending } = useSaveEvent(eventId);
  const title = event.data ? M.eventForm.titleEditNamed(event.data.name) : M.eventForm.titleEdit;
  usePageTitle(title);

  useEffect(() => {
    if (!event.error) return;
    notifications.show({ color: 'red', title: M.events.loadErrorTitle, message: errorMessage(event.error) });
    navigate('/events', { replace: true });
  }, [event.error, navigate]);

  // Only the first load (the mount's refetch included) shows the loader: swapping the form out on a later
  // background refetch would remount it and lose the user's edits.
  if (!event.data || !event.isFetchedAfterMount) return <FullPageLoader fullHeight={false} />;
  return (
    <>
      <PageHeader title={title} description="Changes apply to the registration page and the displays at once." />
      <EventForm
        key={event.data.updated_at}
        initialValues={formValuesOf(event.data)}
        submitLabel="Save Changes"
        pending={pending}
        onSubmit={save}
        onCancel={() => navigate(`/event/${eventId}`)}
      />
    </>
  );
}
