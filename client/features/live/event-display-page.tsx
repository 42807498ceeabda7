import { Box, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useElementSize, useViewportSize } from '@mantine/hooks';
import { IconAlertTriangle, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LIVE_DISPLAY, PAGE_SIZES } from '#shared/constants';
import { displayGrid } from '#shared/display-grid';
import { M } from '#shared/messages';
import { errorCode } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { useRegistrationUrl } from '../events/use-registration-url';
import { DisplayCard } from './display-card';
import { DisplayFooter } from './display-footer';
import { DisplayHeader, DisplayLogo } from './display-header';
import { DISPLAY_COLORS, safeInset, scaled } from './display-theme';
import { useDisplayData } from './use-display-data';
import { useWakeLock } from './use-wake-lock';

function Screen({ children, center = false }: { children: ReactNode; center?: boolean }) {
  return (
    <Box
      mih="100dvh"
      style={{
        background: DISPLAY_COLORS.backdropGradient,
        color: DISPLAY_COLORS.text,
        display: 'flex',
        flexDirection: 'column',
        ...(center ? { alignItems: 'center', justifyContent: 'center', padding: 24 } : {}),
      }}
    >
      {children}
    </Box>
  );
}

/** A large centred message: the empty room, a cleaned event, an error. */
function Message({
  icon: Icon,
  title,
  body,
  tone = 'accent',
}: {
  icon: typeof IconUsersGroup;
  title: string;
  body?: string;
  tone?: 'accent' | 'danger';
}) {
  return (
    <Stack align="center" gap="md" ta="center" role={tone === 'danger' ? 'alert' : 'status'} maw={900}>
      <ThemeIcon
        size="clamp(64px, 7vw, 128px)"
        radius="50%"
        variant="light"
        color={tone === 'danger' ? 'red' : 'indigo'}
        style={{
          background: tone === 'danger' ? 'rgba(250, 82, 82, 0.15)' : 'rgba(145, 167, 255, 0.15)',
          color: tone === 'danger' ? '#ff8787' : DISPLAY_COLORS.accent,
        }}
      >
        <Icon size="55%" stroke={1.6} />
      </ThemeIcon>
      <Text component="h2" m={0} fw={800} lh={1.1} style={{ color: DISPLAY_COLORS.text, fontSize: scaled(72, 28) }}>
        {title}
      </Text>
      {body && <Text style={{ color: DISPLAY_COLORS.muted, fontSize: scaled(36, 17) }}>{body}</Text>}
    </Stack>
  );
}

/**
 * spec §2 /event-display/{eventId}: a venue screen. Header, a grid of attendee cards sized so one page
 * fills the screen (spec §9 columns, rows, card minimum and gap), rotating pages, the QR footer; live
 * joins appear without a reload and the screen reconnects by itself after a restart or a dropped network.
 */
export function EventDisplayPage() {
  const { eventId = '' } = useParams();
  const viewport = useViewportSize();
  const header = useElementSize<HTMLElement>();
  const footer = useElementSize<HTMLElement>();
  const inset = safeInset(viewport.width, viewport.height);
  const gridWidth = Math.max(0, viewport.width - 2 * inset.x);
  const gridHeight = Math.max(0, viewport.height - header.height - footer.height - 8);
  // The page size (what fits) does not depend on how many there are; the layout of a page does.
  const gridFor = (count: number) =>
    displayGrid({
      viewportWidth: viewport.width,
      viewportHeight: viewport.height,
      width: gridWidth,
      height: gridHeight,
      count,
      maxPageSize: PAGE_SIZES.MAX_LIMIT,
    });
  const ready = viewport.width > 0 && header.height > 0 && footer.height > 0;

  const d = useDisplayData(eventId, ready ? gridFor(1).pageSize : 0);
  const { joinUrl } = useRegistrationUrl(eventId);
  usePageTitle(d.event.data ? `${d.event.data.name} · Live` : 'Live Display');
  useWakeLock();

  if (d.event.isLoading) {
    return (
      <Screen center>
        <Loader color="indigo.3" size="lg" aria-label="Loading" />
      </Screen>
    );
  }
  if (!d.event.data) {
    const notFound = errorCode(d.event.error) === 'NOT_FOUND';
    return (
      <Screen center>
        <Stack align="center" gap={48}>
          <DisplayLogo />
          <Message
            icon={IconAlertTriangle}
            tone="danger"
            title={notFound ? M.events.notFound : M.events.loadDataFailed}
            body={notFound ? undefined : 'Trying again automatically…'}
          />
        </Stack>
      </Screen>
    );
  }

  const e = d.event.data;
  const rows = d.list.data?.registrations ?? [];
  const count = d.erased ? e.attendee_count : (d.list.data?.totalRegistrations ?? e.attendee_count);
  const grid = gridFor(d.list.data?.totalRegistrations ?? rows.length);

  let body: ReactNode;
  if (d.erased) {
    body = <Message icon={IconUsersGroup} title={M.attendees.nobodyInRoom} body={M.attendees.displayCleaned} />;
  } else if (!d.list.data && d.list.isError) {
    body = (
      <Message
        icon={IconAlertTriangle}
        tone="danger"
        title={M.events.loadDataFailed}
        body="Trying again automatically…"
      />
    );
  } else if (!d.list.data) {
    body = <Loader color="indigo.3" size="lg" aria-label="Loading attendees" />;
  } else if (rows.length === 0) {
    body = <Message icon={IconUserPlus} title={M.events.waitingTitle} body={M.events.waitingBody} />;
  } else {
    body = (
      <Box
        data-testid="display-grid"
        aria-live="polite"
        style={{
          // rows of `columns` cards, a short last row (or a last page's few cards) centred under the others
          display: 'flex',
          flexWrap: 'wrap',
          width: grid.columns * grid.cardWidth + (grid.columns - 1) * grid.gap,
          maxWidth: '100%',
          gap: grid.gap,
          justifyContent: 'center',
          alignContent: 'center',
          opacity: d.shown ? 1 : 0,
          transition: d.reduced ? 'none' : `opacity ${LIVE_DISPLAY.FADE_MS}ms ease-in-out`,
        }}
      >
        {rows.map((r) => (
          <DisplayCard key={r.id} r={r} width={grid.cardWidth} height={grid.cardHeight} type={grid.type} />
        ))}
      </Box>
    );
  }

  return (
    <Screen>
      <DisplayHeader
        ref={header.ref}
        inset={inset}
        event={e}
        count={count}
        hereNow={d.erased ? 0 : (d.list.data?.hereNowCount ?? 0)}
      />
      <Box
        component="main"
        px={inset.x}
        style={{
          flex: '1 0 auto',
          minHeight: gridHeight,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {body}
      </Box>
      <DisplayFooter
        ref={footer.ref}
        inset={inset}
        joinUrl={d.erased ? null : joinUrl(e.join_code)}
        viewportHeight={viewport.height}
        page={d.page}
        totalPages={d.erased ? 1 : d.totalPages}
        reconnecting={d.reconnecting}
      />
    </Screen>
  );
}
