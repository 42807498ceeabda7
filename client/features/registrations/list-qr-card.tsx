import { Anchor, Box, Button, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBrandLinkedin,
  IconCalendarPlus,
  IconHeartHandshake,
  IconMessage,
  IconPresentation,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { QR_SIZES } from '#shared/constants';
import { M } from '#shared/messages';
import { QrCode } from '../../components/qr';
import { useRegistrationUrl } from '../events/use-registration-url';
import { linkedInShareUrl, PROMO_LINKS } from './promo-links';

/** Native share sheet where the browser has one (phones), else LinkedIn's share dialog in a new tab. */
async function share(url: string, eventName: string) {
  const data = { title: eventName, text: `I'm in the room at ${eventName}. Join us:`, url };
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      if ((err as DOMException)?.name === 'AbortError') return; // the person closed the sheet
    }
  }
  window.open(linkedInShareUrl(url), '_blank', 'noopener,noreferrer');
}

/** spec §2 attendee list: the bottom card with the QR code ("Scan to get on this list:") and the links. */
export function ListQrCard({
  eventId,
  eventName,
  joinable,
}: {
  eventId: string;
  eventName: string;
  joinable: boolean;
}) {
  const { url } = useRegistrationUrl(eventId);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md" align="center">
        {/* a cleaned room takes no new entries: no code to scan */}
        {joinable && (
          <>
            <Text fw={600} ta="center">
              {M.attendees.scanToGetOnList}
            </Text>
            <Box p={6} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <QrCode value={url} size={QR_SIZES.ATTENDEE_LIST} title={`QR code for ${url}`} />
            </Box>
            <Anchor href={url} size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {url}
            </Anchor>
            <Divider w="100%" />
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" w="100%">
          <Button
            component={Link}
            to={PROMO_LINKS.hostYourOwn}
            variant="light"
            leftSection={<IconCalendarPlus size={16} />}
          >
            Host your own event
          </Button>
          <Button
            variant="light"
            color="blue"
            leftSection={<IconBrandLinkedin size={16} />}
            onClick={() => share(url, eventName)}
          >
            Share on LinkedIn
          </Button>
        </SimpleGrid>
        <Group gap="lg" justify="center" wrap="wrap">
          <Anchor href={PROMO_LINKS.bookDemo} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconPresentation size={15} />
              Book a demo call
            </Group>
          </Anchor>
          <Anchor href={PROMO_LINKS.feedback} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconMessage size={15} />
              Send feedback
            </Group>
          </Anchor>
          <Anchor href={PROMO_LINKS.affiliate} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconHeartHandshake size={15} />
              Become an affiliate
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
