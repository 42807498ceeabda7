import { ActionIcon, Avatar, Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheckFilled, IconDoorExit, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { memo } from 'react';
import { M } from '#shared/messages';
import type { RegistrationDto } from '#shared/schemas/registrations';
import { formatJoined, formatTime, fullName, initials, presenceRowStyle } from './attendee-format';

/** A thumb-sized undo of a check-in or a check-out, named for screen readers. */
function UndoButton(p: { what: 'check-in' | 'check-out'; name: string; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip label={`Undo ${p.what}`}>
      <ActionIcon
        variant="default"
        size={42}
        radius="md"
        disabled={p.disabled}
        onClick={p.onClick}
        aria-label={`Undo ${p.what} of ${p.name}`}
      >
        <IconArrowBackUp size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * One attendee in the organiser's list (spec §2 registration management). At the door on a phone the
 * check-in is one tap on a full-width button; undo is one tap too (it is itself the undo), removal asks
 * first (spec §9 delete dialogs).
 */
export const OrganiserAttendeeRow = memo(function OrganiserAttendeeRow({
  r,
  busy,
  disabled,
  onCheckIn,
  onUndo,
  onCheckOut,
  onUndoCheckOut,
  onRemove,
  timeZone,
}: {
  r: RegistrationDto;
  busy: boolean;
  disabled: boolean;
  onCheckIn: (r: RegistrationDto) => void;
  onUndo: (r: RegistrationDto) => void;
  onCheckOut: (r: RegistrationDto) => void;
  onUndoCheckOut: (r: RegistrationDto) => void;
  onRemove: (r: RegistrationDto) => void;
  /** The event's: times show on its clocks. */
  timeZone: string;
}) {
  const name = fullName(r);
  const left = Boolean(r.checked_in_at && r.checked_out_at);
  const checked = Boolean(r.checked_in_at) && !left;
  const contacts = [r.email, r.phone].filter((c): c is string => Boolean(c));

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="organiser-attendee"
      style={presenceRowStyle(checked)}
    >
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Box pos="relative" style={{ flex: 'none' }}>
            <Avatar src={r.photo_url} alt="" size={48} radius="xl" color="indigo">
              {initials(r)}
            </Avatar>
            {checked && (
              <IconCircleCheckFilled
                size={20}
                aria-hidden
                style={{
                  position: 'absolute',
                  right: -4,
                  bottom: -4,
                  color: 'var(--mantine-color-teal-6)',
                  background: 'white',
                  borderRadius: '50%',
                }}
              />
            )}
          </Box>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {/* each in full, on its own line: the organiser may need to call or write */}
            {contacts.map((c) => (
              <Text key={c} size="sm" c="dimmed" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
                {c}
              </Text>
            ))}
            <Group gap={6} wrap="wrap">
              {checked && r.checked_in_at ? (
                <>
                  <Badge color="teal" variant="filled" size="sm" radius="sm">
                    {M.attendees.hereNowBadge}
                  </Badge>
                  <Badge color="teal" variant="light" size="sm" radius="sm">
                    Checked in {formatTime(r.checked_in_at, timeZone)}
                  </Badge>
                </>
              ) : left && r.checked_out_at ? (
                <Badge color="gray" variant="light" size="sm" radius="sm">
                  {M.attendees.leftAt(formatTime(r.checked_out_at, timeZone))}
                </Badge>
              ) : (
                <Text size="xs" c="dimmed">
                  Joined {formatJoined(r.created_at, timeZone)}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>

        <Group gap="xs" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
          {checked ? (
            <>
              <Button
                variant="default"
                size="md"
                leftSection={<IconDoorExit size={18} />}
                loading={busy}
                disabled={disabled}
                onClick={() => onCheckOut(r)}
                aria-label={`Check out ${name}`}
                style={{ flex: 1 }}
              >
                Check out
              </Button>
              <UndoButton what="check-in" name={name} disabled={disabled || busy} onClick={() => onUndo(r)} />
            </>
          ) : (
            <>
              <Button
                color="teal"
                size="md"
                leftSection={<IconUserCheck size={18} />}
                loading={busy}
                disabled={disabled}
                onClick={() => onCheckIn(r)}
                aria-label={left ? `Check in ${name} again` : `Check in ${name}`}
                style={{ flex: 1 }}
              >
                {left ? 'Check in again' : 'Check in'}
              </Button>
              {left && (
                <UndoButton
                  what="check-out"
                  name={name}
                  disabled={disabled || busy}
                  onClick={() => onUndoCheckOut(r)}
                />
              )}
            </>
          )}
          <Tooltip label="Remove attendee">
            <ActionIcon
              variant="light"
              color="red"
              size={42}
              radius="md"
              disabled={disabled}
              onClick={() => onRemove(r)}
              aria-label={`Remove ${name}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
});
