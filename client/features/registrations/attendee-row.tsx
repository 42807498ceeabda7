import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle, IconLink, IconPencil, IconPin, IconPinFilled } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import type { AttendeeDto } from '#shared/schemas/registrations';
import { fullName, initials } from './attendee-format';

/**
 * spec §2 attendee list entry: photo (tap for full size), name, headline, pin toggle; the viewer's own
 * entry is marked "(You)" with Edit, the others have Info. Pinned entries are highlighted; an attendee's
 * connections (pinned both ways) are marked "Connected". Nobody pins their own entry.
 */
export const AttendeeRow = memo(function AttendeeRow({
  attendee: a,
  pinned,
  mine,
  editHref,
  onTogglePin,
  onInfo,
  onPhoto,
  joined,
}: {
  attendee: AttendeeDto;
  pinned: boolean;
  mine: boolean;
  editHref: string;
  onTogglePin: (id: string) => void;
  onInfo: (attendee: AttendeeDto) => void;
  onPhoto: (photo: { url: string; name: string }) => void;
  /** The viewer joined the room: a pin may make a connection. */
  joined: boolean;
}) {
  const name = fullName(a);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="attendee"
      data-pinned={pinned || undefined}
      bg={pinned ? 'yellow.0' : mine ? 'indigo.0' : undefined}
      style={{
        listStyle: 'none',
        borderColor: pinned ? 'var(--mantine-color-yellow-4)' : mine ? 'var(--mantine-color-indigo-3)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <UnstyledButton
          onClick={() => a.photo_url && onPhoto({ url: a.photo_url, name })}
          disabled={!a.photo_url}
          aria-label={`Show the photo of ${name} full size`}
          style={{ borderRadius: '50%', flexShrink: 0 }}
        >
          <Avatar src={a.photo_url} alt="" size={56} radius={56} color="indigo">
            {initials(a)}
          </Avatar>
        </UnstyledButton>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap" align="baseline">
            <Text fw={600} size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {mine && (
              <Text span size="sm" fw={600} c="indigo.7">
                {M.attendees.you}
              </Text>
            )}
            {a.connected && (
              <Badge size="xs" color="indigo" variant="light" leftSection={<IconLink size={10} />}>
                {M.privacy.connected}
              </Badge>
            )}
            {a.checked_in_at && !a.checked_out_at && (
              <Badge size="xs" color="teal" variant="light">
                {M.attendees.hereNowBadge}
              </Badge>
            )}
          </Group>
          {a.headline && (
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {a.headline}
            </Text>
          )}
        </Stack>
        {/* side by side where there is room, stacked on a phone so the name keeps the width */}
        <Flex
          gap={4}
          direction={{ base: 'column-reverse', xs: 'row' }}
          align={{ base: 'flex-end', xs: 'center' }}
          style={{ flexShrink: 0 }}
        >
          {!mine && (
            <Tooltip label={pinned ? 'Unpin' : joined ? 'Pin to the top and to connect' : 'Pin to the top'}>
              <ActionIcon
                variant={pinned ? 'light' : 'subtle'}
                color={pinned ? 'yellow.8' : 'gray'}
                size="lg"
                onClick={() => onTogglePin(a.id)}
                aria-pressed={pinned}
                aria-label={`${pinned ? 'Unpin' : 'Pin'} ${name}`}
              >
                {pinned ? <IconPinFilled size={18} /> : <IconPin size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
          {mine ? (
            <Button
              component={Link}
              to={editHref}
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              aria-label="Edit your entry"
            >
              Edit
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconInfoCircle size={14} />}
              onClick={() => onInfo(a)}
              aria-label={`Info about ${name}`}
            >
              Info
            </Button>
          )}
        </Flex>
      </Group>
    </Paper>
  );
});
