import { Alert, Anchor, Button, Center, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { zoneSuffix } from '#shared/dates';
import { M } from '#shared/messages';
import { usePageTitle } from '../../lib/use-page-title';
import { formatTime, fullName } from '../registrations/attendee-format';
import { isHere, searchKey } from './door-presence';
import { DoorRow } from './door-row';
import { DoorStatus } from './door-status';
import { useDoor } from './use-door';
import { useDoorInstall } from './use-door-install';

const SHOWN_MAX = 100; // rows drawn at once; a search narrows the rest

/**
 * The door (README "The door offline"): the organiser's check-in screen for a tablet at the entrance.
 * It shows the list kept on the device at once, works without a network, and sends what it queued
 * when the network returns. Installable: its own manifest and a service worker scoped to /door/.
 */
export function DoorPage() {
  const { eventId = '' } = useParams();
  useDoorInstall(eventId);
  const door = useDoor(eventId);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const event = door.data?.event;
  usePageTitle(event ? M.door.title(event.name) : 'Door');

  const attendees = door.data?.attendees;
  const { shown, matching, here } = useMemo(() => {
    const all = [...(attendees ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b)));
    const key = searchKey(query.trim());
    const found = key ? all.filter((a) => searchKey(`${fullName(a)} ${a.headline ?? ''}`).includes(key)) : all;
    return { shown: found.slice(0, SHOWN_MAX), matching: found.length, here: all.filter(isHere).length };
  }, [attendees, query]);

  const waiting = door.data?.queue.length ?? 0;
  const conflicts = door.data?.conflicts ?? [];

  return (
    <Container size="md" py="md" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Anchor component={Link} to={`/event/${eventId}`} size="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} /> Event
              </Group>
            </Anchor>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {event ? M.door.title(event.name) : 'Door'}
            </Title>
            {event && (
              <Text size="sm" c="dimmed">
                {M.door.savedAt(formatTime(event.savedAt, event.time_zone) + zoneSuffix(event.time_zone))}
              </Text>
            )}
          </Stack>
          <DoorStatus online={door.online} waiting={waiting} sending={door.sending} />
        </Group>

        {door.notice && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{door.notice}</Text>
              {door.notice === M.door.signedOut && (
                <Button component={Link} to="/auth" size="xs" variant="default">
                  Sign in
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {conflicts.length > 0 && (
          <Alert color="orange" title={M.door.conflictsTitle} role="alert" data-testid="door-conflicts">
            <Stack gap={4}>
              {conflicts.map((c) => (
                <Text key={c.id} size="sm">
                  {c.text}
                </Text>
              ))}
              <Group>
                <Button size="xs" variant="default" onClick={() => void door.dismiss()}>
                  {M.door.conflictDismiss}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {door.data === undefined ? (
          <Center mih={200}>
            <Loader />
          </Center>
        ) : door.data === null ? (
          <Center mih={160}>
            {door.sending ? (
              <Group gap="sm">
                <Loader size="sm" />
                <Text>{M.door.loading}</Text>
              </Group>
            ) : (
              <Text c="dimmed" ta="center" maw={420}>
                {M.door.notSaved}
              </Text>
            )}
          </Center>
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text fw={600} data-testid="door-counts">
                {M.attendees.hereNow(here, door.data.attendees.length)}
              </Text>
            </Group>
            <TextInput
              size="lg"
              placeholder={M.door.searchPlaceholder}
              aria-label={M.door.searchPlaceholder}
              leftSection={<IconSearch size={18} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            {shown.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                {query.trim() ? M.attendees.noMatch(query.trim()) : M.attendees.empty}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0}>
                {shown.map((a) => (
                  <DoorRow key={a.id} a={a} onAct={door.act} timeZone={event?.time_zone} />
                ))}
              </Stack>
            )}
            {matching > shown.length && (
              <Text size="sm" c="dimmed" ta="center">
                {M.door.more(shown.length, matching)}
              </Text>
            )}
            <Text size="xs" c="dimmed" ta="center">
              {M.door.install}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
