import { Anchor, Badge, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULTS } from '#shared/constants';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { sponsorHref } from '#shared/sponsor';
import { Brand } from '../../components/brand';
import { DeletionCountdown } from './deletion-countdown';

/** spec §4 sponsor: shown only with a logo and a valid link; the link carries the UTM values. */
/** The event's sponsor line when its branding is complete (logo and link), else undefined. */
const sponsored = (event: PublicEventDto) =>
  event.sponsor_enabled && event.sponsor_logo_url ? sponsorHref(event) : undefined;

function BrandLink() {
  return (
    <Anchor component={Link} to="/auth" underline="never" c="inherit" aria-label="Roomlist: host your own event">
      <Brand size="md" />
    </Anchor>
  );
}

function SponsorBanner({ event, href }: { event: PublicEventDto; href: string }) {
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener sponsored"
      underline="never"
      c="inherit"
      data-testid="sponsor-banner"
      aria-label={`${event.sponsor_text || DEFAULTS.SPONSOR_TEXT} (opens the sponsor's website)`}
    >
      <Group gap="sm" justify="center" wrap="wrap">
        <Text size="sm" c="dimmed">
          {(event.sponsor_text || DEFAULTS.SPONSOR_TEXT).trim()}
        </Text>
        <Image src={event.sponsor_logo_url ?? undefined} alt="Sponsor logo" h={40} w="auto" maw={200} fit="contain" />
      </Group>
    </Anchor>
  );
}

/** spec §2 attendee list header: event name, sponsor banner or product logo, deletion countdown. */
export function ListHeader({
  event,
  total,
  hereNow = 0,
}: {
  event: PublicEventDto;
  total: number | undefined;
  hereNow?: number;
}) {
  // The product's mark heads the card; a sponsor's line follows the event's name and place (it was above
  // the name, where it read as the title).
  const sponsorLink = sponsored(event);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Stack gap="sm" align="center" ta="center">
        {!sponsorLink && <BrandLink />}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {event.name}
        </Title>
        <Group gap="xs" justify="center">
          <Text size="sm" c="dimmed">
            {event.venue}, {event.city}
          </Text>
          {total !== undefined && (
            <Badge variant="light" tt="none" leftSection={<IconUsers size={12} />} data-testid="attendee-total">
              {total} in the room
            </Badge>
          )}
          {total !== undefined && hereNow > 0 && (
            <Badge color="teal" variant="light" tt="none" data-testid="here-now">
              {hereNow} here now
            </Badge>
          )}
        </Group>
        {sponsorLink && <SponsorBanner event={event} href={sponsorLink} />}
        {!event.personal_data_deleted && <DeletionCountdown event={event} />}
      </Stack>
    </Paper>
  );
}
