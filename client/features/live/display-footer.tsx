import { Box, Group, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { LIVE_DISPLAY, QR_SIZES } from '#shared/constants';
import { M } from '#shared/messages';
import { QrCode } from '../../components/qr';
import { DISPLAY_COLORS, type Inset, scaled } from './display-theme';

const MAX_DOTS = 12;

/** Page dots: where the rotation is (at most one per page; hidden with a single page). */
function PageDots({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  if (totalPages > MAX_DOTS) {
    return (
      <Text role="status" data-testid="display-pages" style={{ color: DISPLAY_COLORS.muted, fontSize: scaled(24, 12) }}>
        Page {page} of {totalPages}
      </Text>
    );
  }
  return (
    <Group gap={8} aria-label={`Page ${page} of ${totalPages}`} role="status" data-testid="display-pages">
      {Array.from({ length: totalPages }, (_, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing else
          key={i}
          style={{
            width: i + 1 === page ? scaled(36, 28) : scaled(14, 10),
            height: scaled(14, 10),
            borderRadius: 999,
            background: i + 1 === page ? DISPLAY_COLORS.accent : 'rgba(255, 255, 255, 0.25)',
            transition: 'width 300ms ease',
          }}
        />
      ))}
    </Group>
  );
}

/**
 * spec §2 live display footer: the QR code and "Scan to Join the Room", sized to be scanned and read
 * across a room (the code LIVE_DISPLAY.QR_HEIGHT_SHARE of the screen height, never under spec §9's
 * 120 px), the short join address beside it in large type, the page dots, and a quiet sign while the live
 * connection is being re-established. `joinUrl` is what the code holds: the short address when the event
 * has one (fewer modules: scannable from further away).
 */
export const DisplayFooter = forwardRef<
  HTMLElement,
  {
    inset: Inset;
    joinUrl: string | null;
    viewportHeight: number;
    page: number;
    totalPages: number;
    reconnecting: boolean;
  }
>(function DisplayFooter({ inset, joinUrl, viewportHeight, page, totalPages, reconnecting }, ref) {
  const qrSize = Math.max(QR_SIZES.DISPLAY, Math.round(viewportHeight * LIVE_DISPLAY.QR_HEIGHT_SHARE));
  return (
    <Box component="footer" ref={ref} px={inset.x} pb={inset.y} pt={8}>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        {joinUrl ? (
          <Group wrap="nowrap" align="center" style={{ minWidth: 0, gap: scaled(40, 14) }}>
            <Box data-testid="display-qr" bg="white" style={{ borderRadius: 12, flex: 'none', padding: scaled(10, 6) }}>
              <QrCode value={joinUrl} size={qrSize} title={`QR code for ${joinUrl}`} />
            </Box>
            <Stack style={{ minWidth: 0, gap: scaled(12, 4) }}>
              <Text fw={800} lh={1.1} style={{ color: DISPLAY_COLORS.text, fontSize: scaled(52, 20) }}>
                {M.events.scanToJoin}
              </Text>
              <Text
                data-testid="display-join-address"
                fw={700}
                lh={1.15}
                style={{ color: DISPLAY_COLORS.accent, fontSize: scaled(44, 15), overflowWrap: 'anywhere' }}
              >
                {joinUrl.replace(/^https?:\/\//, '')}
              </Text>
            </Stack>
          </Group>
        ) : (
          <span />
        )}
        <Group gap="lg" align="center">
          {reconnecting && (
            <Group gap={6} role="status" style={{ color: DISPLAY_COLORS.muted, fontSize: scaled(24, 12) }}>
              <IconWifiOff size="1.2em" />
              Reconnecting…
            </Group>
          )}
          <PageDots page={page} totalPages={totalPages} />
        </Group>
      </Group>
    </Box>
  );
});
