import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendarEvent, IconClock, IconMapPin } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { LIVE_CLIENT } from '#shared/constants';
import { formatDetailDate, formatTime, zoneSuffix } from '#shared/dates';
import { M } from '#shared/messages';
import { QrCode } from '../../components/qr';
import { trpc } from '../../lib/trpc';
import { errorCode } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { useRegistrationUrl } from '../events/use-registration-url';
import { DisplayLogo } from './display-header';
import { DISPLAY_COLORS, fluid } from './display-theme';
import { useWakeLock } from './use-wake-lock';

function Detail({ icon: Icon, children }: { icon: typeof IconMapPin; children: React.ReactNode }) {
  return (
    <Group
      gap={10}
      wrap="nowrap"
      justify="center"
      style={{ color: DISPLAY_COLORS.muted, fontSize: fluid(17, 2.4, 34) }}
    >
      <Icon size="1.1em" stroke={1.8} style={{ flex: 'none', color: DISPLAY_COLORS.accent }} />
      <span>{children}</span>
    </Group>
  );
}

/**
 * spec §2 /event-qr/{eventId}, the "iPad Display": name, date, start time, venue, a QR code as big as
 * the screen allows, "Scan to Join the Room" and "Registration is quick and easy".
 */
export function EventQrPage() {
  const { eventId = '' } = useParams();
  const event = trpc.registrations.event.useQuery(
    { eventId },
    {
      retry: (n, e) => errorCode(e) !== 'NOT_FOUND' && n < 2,
      refetchInterval: (q) =>
        q.state.status === 'error' && errorCode(q.state.error) !== 'NOT_FOUND' ? LIVE_CLIENT.RETRY_MS : false,
    },
  );
  const { ready, url } = useRegistrationUrl(eventId);
  const viewport = useViewportSize();
  usePageTitle(event.data ? `${event.data.name} · QR` : 'QR Display');
  useWakeLock();

  // Landscape (a tablet on its side, a laptop): text beside the code, which takes most of the height.
  // Portrait: stacked, the code takes most of the width.
  const landscape = viewport.width > viewport.height * 1.15;
  const qrSize = Math.round(
    Math.max(
      180,
      landscape
        ? Math.min(viewport.height * 0.68, viewport.width * 0.42, 760)
        : Math.min(viewport.width * 0.72, viewport.height * 0.46, 720),
    ),
  );
  const e = event.data;
  const align = landscape ? 'flex-start' : 'center';

  let content: React.ReactNode;
  if (event.isLoading || !ready) {
    content = <Loader color="indigo.3" size="lg" aria-label="Loading" />;
  } else if (!e) {
    content = (
      <Stack align="center" gap="sm" role="alert" ta="center">
        <IconAlertTriangle size={64} color="#ff8787" />
        <Text fw={800} style={{ color: DISPLAY_COLORS.text, fontSize: fluid(26, 3.5, 56) }}>
          {errorCode(event.error) === 'NOT_FOUND' ? M.events.notFound : M.events.loadDataFailed}
        </Text>
      </Stack>
    );
  } else {
    const details = (
      <Stack
        gap="clamp(6px, 1.2vh, 14px)"
        align={align}
        ta={landscape ? 'left' : 'center'}
        maw={landscape ? 720 : 1000}
      >
        <Text
          component="h1"
          m={0}
          fw={800}
          lh={1.1}
          style={{
            color: DISPLAY_COLORS.text,
            fontSize: landscape ? fluid(30, 4, 72) : fluid(30, 5.4, 72),
            overflowWrap: 'anywhere',
          }}
        >
          {e.name}
        </Text>
        <Group gap="clamp(10px, 3vw, 36px)" justify={align} wrap="wrap">
          <Detail icon={IconCalendarEvent}>{formatDetailDate(e.event_date)}</Detail>
          <Detail icon={IconClock}>
            {formatTime(e.start_time)}
            {zoneSuffix(e.time_zone)}
          </Detail>
        </Group>
        <Detail icon={IconMapPin}>{e.venue}</Detail>
      </Stack>
    );
    const call = (
      <Stack gap={6} align={align} ta={landscape ? 'left' : 'center'}>
        <Text
          fw={800}
          lh={1.1}
          style={{ color: DISPLAY_COLORS.text, fontSize: landscape ? fluid(28, 3.4, 64) : fluid(28, 5, 64) }}
        >
          {M.events.scanToJoin}
        </Text>
        <Text style={{ color: DISPLAY_COLORS.muted, fontSize: fluid(17, 2, 32) }}>{M.events.registrationQuick}</Text>
      </Stack>
    );
    const code = (
      <Box
        bg="white"
        p="clamp(10px, 1.6vw, 22px)"
        style={{ borderRadius: 24, boxShadow: '0 20px 60px rgba(0, 0, 0, 0.45)', flex: 'none' }}
      >
        <QrCode value={url} size={qrSize} title={`QR code for ${url}`} />
      </Box>
    );
    content = landscape ? (
      <Group gap="clamp(32px, 5vw, 96px)" wrap="nowrap" align="center" justify="center" w="100%" maw={1800}>
        <Stack gap="clamp(24px, 5vh, 56px)" style={{ flex: '1 1 0', minWidth: 0 }}>
          <DisplayLogo />
          {details}
          {call}
        </Stack>
        {code}
      </Group>
    ) : (
      <>
        <DisplayLogo />
        {details}
        {code}
        {call}
      </>
    );
  }

  return (
    <Box
      component="main"
      mih="100dvh"
      p={{ base: 20, sm: 40 }}
      style={{
        background: DISPLAY_COLORS.backdropGradient,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 'clamp(16px, 3vh, 40px)',
      }}
    >
      {content}
    </Box>
  );
}
