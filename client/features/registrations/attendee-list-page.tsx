import { Alert, Center, Loader, Paper, Stack } from '@mantine/core';
import { IconAlertCircle, IconSearchOff, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PAGE_SIZES } from '#shared/constants';
import { M } from '#shared/messages';
import type { AttendeeDto } from '#shared/schemas/registrations';
import { EmptyState } from '../../components/empty-state';
import { FullPageLoader } from '../../components/full-page-loader';
import { Pagination } from '../../components/pagination';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { useRoomPins } from '../connections/use-room-pins';
import { DownloadCardSlot } from '../downloads/download-card-slot';
import { publicListKey, useLiveChanges } from '../live/use-live-changes';
import { AttendeeInfoDialog } from './attendee-info-dialog';
import { AttendeeListToolbar } from './attendee-list-toolbar';
import { AttendeeRow } from './attendee-row';
import { CleanedRoom } from './cleaned-room';
import { EventNotFound } from './event-not-found';
import { ListHeader } from './list-header';
import { ListQrCard } from './list-qr-card';
import { LoadFailed } from './load-failed';
import { PhotoViewer } from './photo-viewer';
import { PublicLayout } from './public-layout';
import { useListQuery } from './use-list-query';
import { useMyRegistration } from './use-my-registration';
import { usePublicEvent } from './use-public-event';

/** Pinned entries first (spec §2): the server's order, and at once after a pin is toggled. */
function pinnedFirst(list: AttendeeDto[], pinned: ReadonlySet<string>) {
  return [...list.filter((r) => pinned.has(r.id)), ...list.filter((r) => !pinned.has(r.id))];
}

/** spec §2 /event-list/{eventId}: the public attendee list, live. */
export function AttendeeListPage() {
  const { eventId = '' } = useParams();
  const event = usePublicEvent(eventId);
  usePageTitle(event.data?.name);

  const { search, setSearch, debounced, sortBy, setSortBy, page, setPage } = useListQuery();

  const open = Boolean(event.data && !event.data.personal_data_deleted);
  // Who looks decides what the list shows (docs/privacy.md): an attendee's own token unlocks what the
  // others' choices and connections allow; a visitor sees no contacts.
  const mine = useMyRegistration(eventId, open);
  const viewer = useMemo(
    () => (mine.data ? { registrationId: mine.data.registration.id, token: mine.data.token } : undefined),
    [mine.data],
  );
  const utils = trpc.useUtils();
  const [serverPins, setServerPins] = useState<string[]>();
  const { pins, pinned, toggle } = useRoomPins(eventId, viewer, serverPins);
  const base = { search: debounced, sortBy, page, limit: PAGE_SIZES.ATTENDEE_LIST };
  // an attendee's pins are read on the server: they are not part of the query
  const view = viewer ? { ...base, pinned: [], as: viewer.registrationId } : { ...base, pinned: pins };
  const known = open && !mine.isPending;
  const live = useLiveChanges({ eventId, audience: 'public', view, viewer, enabled: known });
  const list = useQuery({
    queryKey: publicListKey({ eventId, ...view }),
    queryFn: () =>
      viewer
        ? utils.client.registrations.listAsAttendee.mutate({ eventId, ...base, viewer })
        : utils.client.registrations.list.query({ eventId, ...base, pinned: pins }),
    enabled: known && live.ready,
    placeholderData: keepPreviousData,
  });
  const listedPins = viewer ? list.data?.pinned : undefined;
  if (listedPins !== serverPins) setServerPins(listedPins);

  const [info, setInfo] = useState<AttendeeDto | null>(null);
  const [photo, setPhoto] = useState<{ url: string; name: string } | null>(null);
  const showPhoto = useCallback((p: { url: string; name: string }) => setPhoto(p), []);
  const rows = useMemo(() => pinnedFirst(list.data?.registrations ?? [], pinned), [list.data, pinned]);

  if (event.isLoading) return <FullPageLoader />;
  if (event.missing)
    return <EventNotFound eventId={eventId} onRetry={() => event.refetch()} retrying={event.isFetching} />;
  if (!event.data) return <LoadFailed error={event.error} onRetry={() => event.refetch()} />;
  const e = event.data;
  const myId = mine.data?.registration.id ?? null;

  let body: ReactNode;
  if (e.personal_data_deleted) {
    body = <CleanedRoom event={e} />;
  } else if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (list.error && !list.data) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {M.attendees.loadError}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        {debounced ? (
          <EmptyState icon={IconSearchOff} title={M.attendees.noMatch(debounced)} />
        ) : (
          <EmptyState icon={IconUsers} title={M.attendees.empty}>
            Scan the code below or share the link to be the first one in.
          </EmptyState>
        )}
      </Paper>
    );
  } else {
    body = (
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        aria-label="Attendees"
        style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
      >
        {rows.map((r) => (
          <AttendeeRow
            key={r.id}
            attendee={r}
            pinned={pinned.has(r.id)}
            mine={r.id === myId}
            editHref={`/register/${eventId}/edit/${r.id}`}
            onTogglePin={toggle}
            onInfo={setInfo}
            joined={Boolean(viewer)}
            onPhoto={showPhoto}
          />
        ))}
      </Stack>
    );
  }

  return (
    <PublicLayout size={720}>
      <Stack gap="md">
        <ListHeader
          event={e}
          total={e.personal_data_deleted ? undefined : list.data?.totalRegistrations}
          hereNow={list.data?.hereNowCount}
        />
        {/* nothing to search or sort in an empty room (a search that found nobody keeps its box) */}
        {!e.personal_data_deleted && (search || list.data?.totalRegistrations !== 0) && (
          <AttendeeListToolbar search={search} onSearch={setSearch} sortBy={sortBy} onSort={setSortBy} />
        )}
        {body}
        {list.data && (
          <Pagination
            page={page}
            limit={PAGE_SIZES.ATTENDEE_LIST}
            total={list.data.pagination.total}
            onChange={setPage}
            label="Attendee pages"
            summary={(from, to, total) => `Showing ${from} to ${to} of ${total} attendees`}
          />
        )}
        <DownloadCardSlot event={e} registrationId={myId} />
        <ListQrCard eventId={eventId} eventName={e.name} joinable={!e.personal_data_deleted} />
      </Stack>
      <AttendeeInfoDialog
        attendee={info}
        joined={Boolean(viewer)}
        joinHref={`/register/${eventId}`}
        onClose={() => setInfo(null)}
        onPhoto={showPhoto}
        timeZone={e.time_zone}
      />
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </PublicLayout>
  );
}
