import {
  Alert,
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconSearch, IconSearchOff, IconUsers } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import type { RegistrationDto, RegistrationSort } from '#shared/schemas/registrations';
import { ConfirmModal } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import type { EventDto } from '../events/event-format';
import { fullName } from './attendee-format';
import { OrganiserAttendeeRow } from './organiser-attendee-row';
import { OrganiserCleanedStats } from './organiser-cleaned-stats';
import { OrganiserCleanupButton } from './organiser-cleanup-button';
import { useOrganiserAttendees } from './use-organiser-attendees';

// spec §2: A-Z, Z-A, Newest, Oldest
const SORT_DATA = (['name-asc', 'name-desc', 'newest', 'oldest'] as const).map((value) => ({
  value,
  label: M.attendees.sort[value],
}));

/**
 * spec §2 event detail "Event Attendees list, and a 'Delete Attendee Data Now' button": the owner's
 * list with search, sort, 10 per page, check in / undo / remove and the checked-in count, all live;
 * after cleanup (spec §4) the statistics view instead.
 */
export function OrganiserAttendees({ event }: { event: EventDto }) {
  const cleaned = event.personal_data_deleted;
  const a = useOrganiserAttendees(event.id, !cleaned);
  const [removing, setRemoving] = useState<RegistrationDto | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const data = a.list.data;
  const total = data?.totalRegistrations ?? event.registration_count;
  const checkedIn = data?.checkedInCount ?? 0;
  const hereNow = data?.hereNowCount ?? 0;
  const { mutate: checkIn } = a.checkIn;
  const { mutate: undo } = a.undo;
  const { mutate: checkOut } = a.checkOut;
  const { mutate: undoCheckOut } = a.undoCheckOut;
  const onCheckIn = useCallback((r: RegistrationDto) => checkIn({ id: r.id }), [checkIn]);
  const onUndo = useCallback((r: RegistrationDto) => undo({ id: r.id }), [undo]);
  const onCheckOut = useCallback((r: RegistrationDto) => checkOut({ id: r.id }), [checkOut]);
  const onUndoCheckOut = useCallback((r: RegistrationDto) => undoCheckOut({ id: r.id }), [undoCheckOut]);
  const onRemove = useCallback((r: RegistrationDto) => setRemoving(r), []);

  const changePage = (p: number) => {
    a.setPage(p);
    // the list sits low on the detail screen: keep it in view rather than the page top
    requestAnimationFrame(() => top.current?.scrollIntoView({ block: 'start' }));
  };

  let body: React.ReactNode;
  if (cleaned) {
    body = <OrganiserCleanedStats event={event} />;
  } else if (a.list.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (!data) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        <Group justify="space-between" gap="sm">
          {M.attendees.loadError}
          <Button size="xs" variant="light" color="red" onClick={() => a.list.refetch()}>
            {M.attendees.retry}
          </Button>
        </Group>
      </Alert>
    );
  } else if (data.registrations.length === 0) {
    body = a.debounced ? (
      <EmptyState icon={IconSearchOff} title={M.attendees.noMatch(a.debounced)} />
    ) : (
      <EmptyState icon={IconUsers} title={M.attendees.empty}>
        Attendees appear here the moment they join through the registration link or QR code.
      </EmptyState>
    );
  } else {
    body = (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        aria-label="Registered attendees"
        style={{ opacity: a.list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {data.registrations.map((r) => (
          <OrganiserAttendeeRow
            key={r.id}
            r={r}
            busy={a.busyId === r.id}
            disabled={a.busyId !== undefined && a.busyId !== r.id}
            onCheckIn={onCheckIn}
            onUndo={onUndo}
            onCheckOut={onCheckOut}
            onUndoCheckOut={onUndoCheckOut}
            onRemove={onRemove}
            timeZone={event.time_zone}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md', sm: 'lg' }} ref={top} style={{ scrollMarginTop: 72 }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={32} radius="md" variant="light" color="indigo">
              <IconUsers size={18} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={0}>
              <Title order={2} size="h5">
                Event Attendees
              </Title>
              {!cleaned && (
                <>
                  <Text size="sm" fw={600} data-testid="here-now-count">
                    {M.attendees.hereNow(hereNow, total)}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="checked-in-count">
                    {checkedIn} of {total} checked in
                  </Text>
                </>
              )}
            </Stack>
          </Group>
          {!cleaned && total > 0 && <OrganiserCleanupButton event={event} attendees={total} />}
          {cleaned && (
            <Badge color="gray" variant="light">
              {M.events.badge.dataCleaned}
            </Badge>
          )}
        </Group>

        {!cleaned && total > 0 && (
          <Progress
            value={total ? (checkedIn / total) * 100 : 0}
            color="teal"
            size="sm"
            aria-label={`${checkedIn} of ${total} checked in`}
          />
        )}

        {!cleaned && (
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              type="search"
              size="md"
              placeholder={M.attendees.search}
              aria-label={M.attendees.search}
              leftSection={<IconSearch size={18} />}
              value={a.search}
              onChange={(e) => a.setSearch(e.currentTarget.value)}
              rightSection={a.search ? <CloseButton aria-label="Clear search" onClick={() => a.setSearch('')} /> : null}
              style={{ flex: '1 1 240px' }}
              autoComplete="off"
              enterKeyHint="search"
            />
            <Select
              size="md"
              aria-label="Sort attendees"
              data={SORT_DATA}
              value={a.sortBy}
              onChange={(v) => v && a.setSortBy(v as RegistrationSort)}
              allowDeselect={false}
              checkIconPosition="right"
              w={{ base: '100%', xs: 150 }}
            />
          </Group>
        )}

        {body}

        {data && !cleaned && (
          <Pagination
            page={a.page}
            limit={ATTENDEES.ORGANISER_PAGE_SIZE}
            total={data.pagination.total}
            onChange={changePage}
            label="Attendee pages"
            summary={(from, to, n) => `Showing ${from} to ${to} of ${n} attendees`}
          />
        )}
      </Stack>

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this attendee?"
        confirmLabel="Remove"
        loading={a.remove.isPending}
        onConfirm={() => removing && a.remove.mutate({ id: removing.id }, { onSettled: () => setRemoving(null) })}
      >
        <Text span fw={600} c="dark">
          {removing ? fullName(removing) : ''}
        </Text>{' '}
        will be removed from {event.name}, with their photo. They disappear from the attendee list and the live display
        at once. This cannot be undone.
      </ConfirmModal>
    </Paper>
  );
}
