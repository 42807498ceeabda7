import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PRIVACY } from '#shared/constants';
import { M } from '#shared/messages';
import type { RegistrationForm as JoinValues } from '#shared/schemas/registrations';
import { FullPageLoader } from '../../components/full-page-loader';
import { trpc } from '../../lib/trpc';
import { errorCode, errorData, errorMessage } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { EventIntro } from './event-intro';
import { EventNotFound } from './event-not-found';
import { LoadFailed } from './load-failed';
import { PublicLayout } from './public-layout';
import { clearFormToasts, RegistrationForm, type RegistrationValues } from './registration-form';
import { pendingJoinToken, saveRegistrationToken } from './registration-tokens';
import { type MyRegistration, myRegistrationKey, useMyRegistration } from './use-my-registration';
import { usePublicEvent } from './use-public-event';

const EMPTY: RegistrationValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  headline: '',
  photo: '',
  // what the attendee lets others see starts at the defaults (docs/privacy.md)
  contact_visibility: PRIVACY.DEFAULT_CONTACT_VISIBILITY,
  show_on_display: PRIVACY.SHOW_ON_DISPLAY_DEFAULT,
  share_in_download: PRIVACY.SHARE_IN_DOWNLOAD_DEFAULT,
};

/** spec §2 /register/{eventId}: "Join the room for {event name}"; success goes to the attendee list. */
export function JoinPage() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const event = usePublicEvent(eventId);
  // Asked now for the LinkedIn slot in the form, so it comes in the same request as the event (issue 8 B6).
  trpc.system.publicConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const mine = useMyRegistration(eventId, Boolean(event.data));
  // A join is idempotent by token, so an answer lost to venue Wi-Fi is retried by itself.
  // 'always': offline, the call is tried (and fails, and says so) instead of waiting, paused, for a network.
  const join = trpc.registrations.join.useMutation({
    networkMode: 'always',
    retry: (count, err) => !errorData(err).httpStatus && count < 2,
  });
  // A join that failed for a reason the person cannot fix in the form (no network, a server error): said
  // beside the button, with a Retry that sends the same form with the same token.
  const [failedToJoin, setFailedToJoin] = useState(false);
  usePageTitle(event.data ? M.attendees.joinTitle(event.data.name) : undefined);
  // issue 8 B7: the title and intro (the page's largest paint) are drawn first; the form follows in a
  // background render React splits into short tasks, so a phone paints the page and stays responsive.
  const showForm = useDeferredValue(true, false);

  if (event.isLoading) return <FullPageLoader />;
  if (event.missing)
    return <EventNotFound eventId={eventId} onRetry={() => event.refetch()} retrying={event.isFetching} />;
  if (!event.data) return <LoadFailed error={event.error} onRetry={() => event.refetch()} />;
  const e = event.data;

  const submit = async (values: JoinValues) => {
    // spec §3: the same token for every try of this join, so a retry after a lost answer finds the first
    const token = pendingJoinToken(eventId);
    setFailedToJoin(false);
    const registration = await join.mutateAsync({ eventId, token, ...values });
    saveRegistrationToken(eventId, registration.id, token);
    queryClient.setQueryData<MyRegistration>(myRegistrationKey(eventId), { registration, token });
    utils.registrations.list.invalidate({ eventId });
    clearFormToasts();
    notifications.show({ color: 'green', message: M.success.joined });
    navigate(`/event-list/${eventId}`);
  };

  const failed = (err: unknown) => {
    if (errorCode(err) === 'BAD_REQUEST') {
      notifications.show({ color: 'red', title: M.eventForm.validationErrorTitle, message: errorMessage(err) });
    } else if (errorCode(err) === 'FORBIDDEN' || errorCode(err) === 'TOO_MANY_REQUESTS') {
      notifications.show({ color: 'red', title: M.attendees.joinFailedTitle, message: errorMessage(err) });
    } else {
      notifications.show({ color: 'red', title: M.attendees.joinFailedTitle, message: M.attendees.joinFailedBody });
      setFailedToJoin(true);
    }
  };

  return (
    <PublicLayout size={560}>
      <Stack gap="lg">
        <EventIntro event={e} title={M.attendees.joinTitle(e.name)} />
        {mine.data && (
          <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} />}>
            You already joined this room from this browser.{' '}
            <Anchor component={Link} to={`/event-list/${eventId}`} size="sm" fw={600}>
              {M.attendees.viewList}
            </Anchor>
          </Alert>
        )}
        {e.personal_data_deleted ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            {M.attendees.roomClosed}
          </Alert>
        ) : (
          showForm && (
            <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
              <RegistrationForm
                mode="join"
                rules={e}
                room={{ downloads: e.download_enabled, deletionDate: e.scheduled_deletion_date, timeZone: e.time_zone }}
                initialValues={EMPTY}
                submitLabel={M.attendees.joinButton}
                pending={join.isPending}
                linkedIn
                onSubmit={submit}
                onFailed={failed}
                notice={
                  failedToJoin &&
                  !join.isPending && (
                    <Alert
                      color="red"
                      variant="light"
                      role="alert"
                      title={M.attendees.joinFailedTitle}
                      data-testid="join-failed"
                    >
                      <Stack gap="xs" align="flex-start">
                        <Text size="sm">{M.attendees.joinFailedBody}</Text>
                        <Button type="submit" size="xs" color="red" variant="filled">
                          {M.attendees.retryJoin}
                        </Button>
                      </Stack>
                    </Alert>
                  )
                }
              />
            </Paper>
          )
        )}
      </Stack>
    </PublicLayout>
  );
}
