import { ActionIcon, Avatar, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconDoorExit, IconUserCheck } from '@tabler/icons-react';
import { memo } from 'react';
import { M } from '#shared/messages';
import type { DoorActionKind } from '#shared/schemas/door';
import { formatTime, fullName, initials, presenceRowStyle } from '../registrations/attendee-format';
import { doorActionsFor, isHere } from './door-presence';
import type { LocalAttendee } from './door-store';

/** One attendee at the door: a big check-in (or check-out) button and its undo, all working offline. */
export const DoorRow = memo(function DoorRow({
  a,
  onAct,
  timeZone,
}: {
  a: LocalAttendee;
  onAct: (a: LocalAttendee, kind: DoorActionKind) => void;
  /** The event's: times show on its clocks (a copy kept before zones were sent has none: the device's). */
  timeZone: string | undefined;
}) {
  const name = fullName(a);
  const here = isHere(a);
  const { primary, undo } = doorActionsFor(a);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="door-attendee" style={presenceRowStyle(here)}>
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Avatar src={a.photo_url} alt="" size={56} radius="xl" color="indigo" style={{ flex: 'none' }}>
            {initials(a)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {a.headline && (
              <Text size="sm" c="dimmed" truncate="end">
                {a.headline}
              </Text>
            )}
            <Box>
              {here && a.checked_in_at ? (
                <Badge color="teal" variant="light" size="sm" radius="sm" tt="none">
                  {M.door.checkedInAt(formatTime(a.checked_in_at, timeZone))}
                </Badge>
              ) : a.checked_out_at ? (
                <Badge color="gray" variant="light" size="sm" radius="sm" tt="none">
                  {M.attendees.leftAt(formatTime(a.checked_out_at, timeZone))}
                </Badge>
              ) : null}
            </Box>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
          <Button
            size="md"
            variant={primary === 'check-in' ? 'filled' : 'default'}
            color={primary === 'check-in' ? 'teal' : undefined}
            leftSection={primary === 'check-in' ? <IconUserCheck size={18} /> : <IconDoorExit size={18} />}
            onClick={() => onAct(a, primary)}
            style={{ flex: 1 }}
            aria-label={`${primary === 'check-in' ? M.door.checkIn : M.door.checkOut} ${name}`}
          >
            {primary === 'check-in' ? M.door.checkIn : M.door.checkOut}
          </Button>
          {undo && (
            <ActionIcon
              variant="default"
              size={42}
              radius="md"
              onClick={() => onAct(a, undo)}
              aria-label={`${M.door.undo} ${undo === 'undo-check-in' ? 'check-in' : 'check-out'} of ${name}`}
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
});
