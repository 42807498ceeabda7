import { Anchor, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from '#shared/constants';
import { M } from '#shared/messages';
import type { EditRegistrationForm, PublicEventDto, RegistrationDto } from '#shared/schemas/registrations';
import { FullPageLoader } from '../../components/full-page-loader';
import { trpc } from '../../lib/trpc';
import { errorCode, errorMessage } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { LeftRoom } from '../my-data/left-room';
import { MyDataCard } from '../my-data/my-data-card';
import { AccessDenied } from './access-denied';
import { EventIntro } from './event-intro';
import { EventNotFound } from './event-not-found';
import { LoadFailed } from './load-failed';
import { PublicLayout } from './public-layout';
import { clearFormToasts, RegistrationForm } from './registration-form';
import { registrationToken } from './registration-tokens';
import { type MyRegistration, myRegistrationKey, useMyRegistration } from './use-my-registration';
import { usePublicEvent } from './use-public-event';

type Owned = { registration: RegistrationDto; token: string } | null;

/**
 * The entry this browser may edit, as the server decides: by the id in the URL and the token stored
 * for it (/register/{eventId}/edit/{registrationId}), or whichever entry of the event a stored token
 * owns (/edit-registration/{eventId}).
 */
function useOwnedEntry(eventId: string, registrationId: string | undefined, enabled: boolean) {
  const utils = trpc.useUtils();
  const byId = useQuery({
    queryKey: ['registrations', 'editable', eventId, registrationId],
    enabled: enabled && Boolean(registrationId),
    retry: false,
    queryFn: async (): Promise<Owned> => {
      const token = registrationId ? registrationToken(registrationId) : null;
      if (!registrationId || !token) return null;
      try {
        return {
          registration: await utils.client.registrations.editable.mutate({ eventId, registrationId, token }),
          token,
        };
      } catch (err) {
        if (errorCode(err) === 'FORBIDDEN') return null;
        throw err;
      }
    },
  });
  const mine = useMyRegistration(eventId, enabled && !registrationId);
  return registrationId ? byId : mine;
}

function EditForm({ event, owned }: { event: PublicEventDto; owned: NonNullable<Owned> }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const update = trpc.registrations.update.useMutation();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const r = owned.registration;

  const submit = async (values: EditRegistrationForm) => {
    const saved = await update.mutateAsync({ eventId: event.id, registrationId: r.id, token: owned.token, ...values });
    queryClient.setQueryData<MyRegistration>(myRegistrationKey(event.id), { registration: saved, token: owned.token });
    utils.registrations.list.invalidate({ eventId: event.id });
    clearFormToasts();
    notifications.show({ color: 'green', message: M.success.infoUpdated });
    setLeaving(true);
    // spec §2: a confirmation, 1.5 s, then the attendee list
    timer.current = setTimeout(() => navigate(`/event-list/${event.id}`), LIMITS.POST_EDIT_REDIRECT_MS);
  };

  const failed = (err: unknown) => {
    const message = errorCode(err) === 'FORBIDDEN' ? M.attendees.entryNotFound : errorMessage(err);
    notifications.show({ color: 'red', title: M.attendees.updateFailed, message });
  };

  return (
    <RegistrationForm
      mode="edit"
      rules={event}
      room={{
        downloads: event.download_enabled,
        deletionDate: event.scheduled_deletion_date,
        timeZone: event.time_zone,
      }}
      initialValues={{
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email ?? '',
        phone: r.phone ?? '',
        headline: r.headline ?? '',
        photo: '',
        contact_visibility: r.contact_visibility,
        show_on_display: r.show_on_display,
        share_in_download: r.share_in_download,
      }}
      currentPhoto={r.photo_url}
      submitLabel={leaving ? 'Saved' : 'Save changes'}
      pending={update.isPending || leaving}
      onSubmit={submit}
      onFailed={failed}
    />
  );
}

/** spec §2 /register/{eventId}/edit/{registrationId} and /edit-registration/{eventId}: "Edit Your Information". */
export function EditRegistrationPage() {
  const { eventId = '', registrationId } = useParams();
  const event = usePublicEvent(eventId);
  const owned = useOwnedEntry(eventId, registrationId, Boolean(event.data));
  const [left, setLeft] = useState(false);
  usePageTitle(M.attendees.editTitle);

  // the entry and this browser's token are gone: what happened, then the list as a visitor
  if (left && event.data) return <LeftRoom eventId={eventId} eventName={event.data.name} />;
  if (event.isLoading || (event.data && owned.isLoading)) return <FullPageLoader />;
  if (event.missing)
    return <EventNotFound eventId={eventId} onRetry={() => event.refetch()} retrying={event.isFetching} />;
  if (!event.data) return <LoadFailed error={event.error} onRetry={() => event.refetch()} />;
  if (owned.error) return <LoadFailed error={owned.error} onRetry={() => owned.refetch()} />;
  if (!owned.data) return <AccessDenied eventId={eventId} />;

  return (
    <PublicLayout size={560}>
      <Stack gap="lg">
        <Anchor component={Link} to={`/event-list/${eventId}`} size="sm" c="dimmed" w="fit-content">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {M.attendees.backToList}
        </Anchor>
        <EventIntro event={event.data} title={M.attendees.editTitle} />
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          <EditForm event={event.data} owned={owned.data} />
        </Paper>
        <MyDataCard
          owner={{ eventId, registrationId: owned.data.registration.id, token: owned.data.token }}
          eventName={event.data.name}
          onRemoved={() => setLeft(true)}
        />
      </Stack>
    </PublicLayout>
  );
}
