import { Alert, Anchor, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconDoor, IconPencil, IconUserCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { M } from '#shared/messages';
import { FullPageLoader } from '../../components/full-page-loader';
import { trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';
import { useIsMobile } from '../../lib/use-is-mobile';
import { usePageTitle } from '../../lib/use-page-title';
import { DeleteEventButton } from './delete-event-button';
import { EventDetailsCard } from './event-details-card';
import { EventOverviewCard } from './event-overview-card';
import { EventQrCard } from './event-qr-card';
import { EventAttendeesSlot, EventRevenueSlot } from './event-slots';
import { GdprNotice } from './gdpr-notice';

const BackLink = () => (
  <Anchor component={Link} to="/events" size="sm" c="dimmed" w="fit-content">
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={14} />
      Back to Events
    </Group>
  </Anchor>
);

/** spec §2 /event/{id}: header, Details, QR code, Overview, attendees, GDPR notice, revenue. */
export function EventDetailPage() {
  const { eventId = '' } = useParams();
  const event = trpc.events.get.useQuery({ id: eventId });
  const phone = useIsMobile();
  usePageTitle(event.data?.name);

  // an event that is not there (or not this organiser's) is said once, on the page; a failed load also
  // gets the spec's toast
  const missing = errorCode(event.error) === 'NOT_FOUND';
  // on a phone the three actions keep one row: tighter, not wrapped
  const actionPx = phone ? 12 : undefined;
  useEffect(() => {
    if (event.error && !missing) {
      notifications.show({
        id: 'event-load',
        color: 'red',
        title: M.events.loadErrorTitle,
        message: M.events.loadErrorBody,
      });
    }
  }, [event.error, missing]);

  if (event.isLoading) return <FullPageLoader fullHeight={false} />;
  if (!event.data) {
    return (
      <Stack gap="md" maw={560}>
        <BackLink />
        {missing ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={M.events.notFoundOrDenied}
          />
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={M.events.loadErrorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{M.events.loadErrorBody}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => event.refetch()} loading={event.isFetching}>
                {M.attendees.retry}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    );
  }

  const e = event.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackLink />
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {e.name}
            </Title>
            <Text c="dimmed">
              {e.venue}, {e.city}
            </Text>
          </Stack>
          <Group gap={phone ? 8 : 'sm'} wrap={phone ? 'nowrap' : 'wrap'}>
            <Button
              component={Link}
              to={`/edit-event/${e.id}`}
              variant="default"
              px={actionPx}
              leftSection={<IconPencil size={16} />}
            >
              Edit
            </Button>
            {!e.personal_data_deleted && (
              <Button
                component={Link}
                to={`/door/${e.id}`}
                variant="default"
                px={actionPx}
                leftSection={<IconDoor size={16} />}
                title={M.door.openHint}
              >
                {M.door.open}
              </Button>
            )}
            <DeleteEventButton event={e} px={actionPx} />
          </Group>
        </Group>
        {/* At the door on a phone the attendee list sits below three cards: one tap reaches it. */}
        {!e.personal_data_deleted && (
          <Button
            hiddenFrom="sm"
            variant="light"
            size="md"
            leftSection={<IconUserCheck size={18} />}
            onClick={() => document.getElementById('attendees')?.scrollIntoView({ behavior: 'smooth' })}
          >
            Check in attendees
          </Button>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <EventDetailsCard event={e} />
        <EventQrCard event={e} />
        <EventOverviewCard event={e} />
      </SimpleGrid>

      <Box id="attendees" style={{ scrollMarginTop: 72 }}>
        <EventAttendeesSlot event={e} />
      </Box>
      <GdprNotice event={e} />
      <EventRevenueSlot event={e} />
    </Stack>
  );
}
