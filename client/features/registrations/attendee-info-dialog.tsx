import { Anchor, Avatar, Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBrandLinkedin, IconLink, IconLock, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { zoneSuffix } from '#shared/dates';
import { M } from '#shared/messages';
import type { AttendeeDto } from '#shared/schemas/registrations';
import { formatJoined, fullName, initials } from './attendee-format';
import { linkedInPeopleSearch } from './promo-links';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" w={84} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * What stands where an entry's contacts are not shown to this viewer (docs/privacy.md): a visitor is asked
 * to join; an attendee learns that pinning each other connects them.
 */
function HiddenContacts({ joined, joinHref }: { joined: boolean; joinHref: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" c="dimmed">
      <IconLock size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      {joined ? (
        <Text size="sm">{M.privacy.pinToConnect}</Text>
      ) : (
        <Anchor component={Link} to={joinHref} size="sm" fw={600}>
          {M.privacy.joinToConnect}
        </Anchor>
      )}
    </Group>
  );
}

/**
 * spec §2 attendee detail: photo, "Find on LinkedIn" (a people search by name), headline, e-mail and phone
 * links, joined and checked-in times. The e-mail and phone come only as the server lets this viewer see
 * them (docs/privacy.md).
 */
export function AttendeeInfoDialog({
  attendee,
  joined,
  joinHref,
  onClose,
  onPhoto,
  timeZone,
}: {
  attendee: AttendeeDto | null;
  joined: boolean;
  joinHref: string;
  onClose: () => void;
  onPhoto: (photo: { url: string; name: string }) => void;
  /** The event's: the times show on its clocks, its zone named when the viewer's differs. */
  timeZone: string;
}) {
  const a = attendee;
  return (
    <Modal opened={a !== null} onClose={onClose} title="Attendee details" centered radius="md">
      {a && (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="center">
            <UnstyledButton
              onClick={() => a.photo_url && onPhoto({ url: a.photo_url, name: fullName(a) })}
              disabled={!a.photo_url}
              aria-label={`Show the photo of ${fullName(a)} full size`}
              style={{ borderRadius: '50%' }}
            >
              <Avatar src={a.photo_url} alt="" size={84} radius={84} color="indigo">
                {initials(a)}
              </Avatar>
            </UnstyledButton>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                {fullName(a)}
              </Text>
              <Group gap={6}>
                {a.connected && (
                  <Badge color="indigo" variant="light" size="sm" leftSection={<IconLink size={12} />}>
                    {M.privacy.connected}
                  </Badge>
                )}
                {a.checked_in_at && (
                  <Badge color="teal" variant="light" size="sm" w="fit-content">
                    Checked in
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          {a.headline && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {a.headline}
            </Text>
          )}
          <Stack gap={6}>
            {!a.email && !a.phone && (!joined || !a.connected) && (
              <HiddenContacts joined={joined} joinHref={joinHref} />
            )}
            {a.email && (
              <Line label="Email">
                <Anchor href={`mailto:${a.email}`} size="sm">
                  <IconMail size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
                  {a.email}
                </Anchor>
              </Line>
            )}
            {a.phone && (
              <Line label="Phone">
                <Anchor href={`tel:${a.phone.replace(/[^\d+]/g, '')}`} size="sm">
                  <IconPhone size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
                  {a.phone}
                </Anchor>
              </Line>
            )}
            <Line label="Joined">{formatJoined(a.created_at, timeZone) + zoneSuffix(timeZone)}</Line>
            <Line label="Checked in">
              {a.checked_in_at ? formatJoined(a.checked_in_at, timeZone) + zoneSuffix(timeZone) : 'Not yet'}
            </Line>
          </Stack>
          <Button
            component="a"
            href={linkedInPeopleSearch(a.first_name, a.last_name)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="blue"
            leftSection={<IconBrandLinkedin size={18} />}
          >
            {M.attendees.findOnLinkedIn}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
