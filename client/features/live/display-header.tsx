import { Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { formatLongDate } from '#shared/dates';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { sponsorHref } from '#shared/sponsor';
import { appName } from '../../lib/app-name';
import { timeRange } from '../events/event-format';
import { DISPLAY_COLORS, type Inset, scaled } from './display-theme';

const meta = scaled(28, 15);

function Meta({ icon: Icon, children }: { icon: typeof IconMapPin; children: React.ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" style={{ color: DISPLAY_COLORS.muted, fontSize: meta }}>
      <Icon size="1.1em" stroke={1.8} style={{ flex: 'none', color: DISPLAY_COLORS.accent }} />
      <span>{children}</span>
    </Group>
  );
}

/** The product mark in the display's colours. */
export function DisplayLogo() {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon
        size="calc(1.6em + 8px)"
        radius="md"
        variant="gradient"
        gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
        style={{ fontSize: scaled(20, 14) }}
      >
        <IconUsersGroup size="1.2em" stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} style={{ color: DISPLAY_COLORS.text, fontSize: scaled(24, 16), letterSpacing: '-0.01em' }}>
        {appName()}
      </Text>
    </Group>
  );
}

/**
 * spec §2 live display header: logo, event name, venue and city, long date, start-end time, attendee
 * count and, when the sponsor is complete (logo and link, spec §4), the sponsor.
 */
export const DisplayHeader = forwardRef<
  HTMLElement,
  { inset: Inset; event: PublicEventDto; count: number; hereNow: number }
>(function DisplayHeader({ inset, event, count, hereNow }, ref) {
  const sponsor = event.sponsor_enabled && event.sponsor_logo_url && sponsorHref(event);
  return (
    <Box component="header" ref={ref} px={inset.x} pt={inset.y} pb={12}>
      <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
        <Stack style={{ minWidth: 0, flex: '1 1 420px', gap: scaled(10, 6) }}>
          <DisplayLogo />
          <Text
            component="h1"
            m={0}
            fw={800}
            lh={1.08}
            style={{ color: DISPLAY_COLORS.text, fontSize: scaled(60, 26), overflowWrap: 'anywhere' }}
          >
            {event.name}
          </Text>
          <Group wrap="wrap" style={{ gap: `4px ${scaled(32, 12)}` }}>
            <Meta icon={IconMapPin}>
              {event.venue}, {event.city}
            </Meta>
            <Meta icon={IconCalendarEvent}>{formatLongDate(event.event_date)}</Meta>
            <Meta icon={IconClock}>{timeRange(event)}</Meta>
          </Group>
        </Stack>
        <Group gap="clamp(16px, 2.5vw, 48px)" align="center" wrap="nowrap">
          {sponsor && event.sponsor_logo_url && (
            <Stack gap={6} align="center" style={{ maxWidth: scaled(320, 140) }}>
              <Text ta="center" style={{ color: DISPLAY_COLORS.muted, fontSize: scaled(20, 12) }}>
                {event.sponsor_text?.trim() || 'Sponsored by'}
              </Text>
              <Box bg="white" p={8} style={{ borderRadius: 10 }}>
                <img
                  src={event.sponsor_logo_url}
                  alt="Sponsor logo"
                  style={{
                    display: 'block',
                    maxWidth: '100%',
                    maxHeight: scaled(88, 40),
                    objectFit: 'contain',
                  }}
                />
              </Box>
            </Stack>
          )}
          <Stack
            gap={0}
            align="center"
            px="clamp(14px, 1.6vw, 32px)"
            py="clamp(8px, 1vw, 18px)"
            style={{
              borderRadius: 16,
              background: 'rgba(145, 167, 255, 0.12)',
              border: '1px solid rgba(145, 167, 255, 0.35)',
            }}
          >
            <Text
              data-testid="display-count"
              fw={800}
              lh={1}
              style={{ color: DISPLAY_COLORS.text, fontSize: scaled(72, 32), fontVariantNumeric: 'tabular-nums' }}
            >
              {count}
            </Text>
            <Text fw={600} style={{ color: DISPLAY_COLORS.muted, fontSize: scaled(24, 13) }}>
              {count === 1 ? 'attendee' : 'attendees'}
            </Text>
            {hereNow > 0 && (
              <Text
                data-testid="display-here-now"
                fw={700}
                style={{ color: DISPLAY_COLORS.accent, fontSize: scaled(24, 13) }}
              >
                {hereNow} here now
              </Text>
            )}
          </Stack>
        </Group>
      </Group>
    </Box>
  );
});
