import { useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { eventFormDefaults } from '#shared/schemas/events';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { MembershipGate } from '../membership/membership-gate';
import { EventForm } from './event-form';
import { useSaveEvent } from './use-save-event';

// spec §7 check-membership: the default when the answer is missing.
const NO_MEMBERSHIP = { type: 'none', isActive: false, canCreateEvents: false } as const;

/** spec §2 /create-event: the event form, or the membership gate when the user cannot create events. */
export function CreateEventPage() {
  usePageTitle(M.eventForm.titleCreate);
  const navigate = useNavigate();
  const membership = trpc.membership.check.useQuery(undefined, { staleTime: 30_000 });
  const { save, pending } = useSaveEvent();

  if (membership.isLoading) return <FullPageLoader fullHeight={false} />;
  const status = membership.data ?? NO_MEMBERSHIP;
  if (!status.canCreateEvents) return <MembershipGate status={status} />;

  return (
    <>
      <PageHeader title={M.eventForm.titleCreate} description="Set up a room for your attendees to join." />
      <EventForm
        initialValues={eventFormDefaults()}
        submitLabel={M.eventForm.titleCreate}
        pending={pending}
        onSubmit={save}
        onCancel={() => navigate('/events')}
      />
    </>
  );
}
