import { Box, Group, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { QR_SIZES } from '#shared/constants';
import { M } from '#shared/messages';
import { QrCode } from '../../components/qr';
import { DISPLAY_COLORS, fluid } from './display-theme';

const MAX_DOTS = 12;

/** Page dots: where the rotation is (at most one per page; hidden with a single page). */
function PageDots({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  if (totalPages > MAX_DOTS) {
    return (
      <Text
        role="status"
        data-testid="display-pages"
        style={{ color: DISPLAY_COLORS.muted, fontSize: fluid(12, 0.9, 20) }}
      >
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
          w={i + 1 === page ? 28 : 10}
          h={10}
          style={{
            borderRadius: 5,
            background: i + 1 === page ? DISPLAY_COLORS.accent : 'rgba(255, 255, 255, 0.25)',
            transition: 'width 300ms ease',
          }}
        />
      ))}
    </Group>
  );
}

/**
 * spec §2 live display footer: the registration QR code (spec §9: 120 px) and "Scan to Join the Room",
 * the link spelled out for anyone who cannot scan, the page dots, and a quiet sign while the live
 * connection is being re-established.
 */
export const DisplayFooter = forwardRef<
  HTMLElement,
  { url: string | null; page: number; totalPages: number; reconnecting: boolean }
>(function DisplayFooter({ url, page, totalPages, reconnecting }, ref) {
  return (
    <Box component="footer" ref={ref} px={{ base: 16, sm: 'clamp(16px, 2vw, 48px)' }} pb={{ base: 16, sm: 20 }} pt={12}>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        {url ? (
          <Group gap="clamp(12px, 1.5vw, 28px)" wrap="nowrap" align="center">
            <Box bg="white" p={6} style={{ borderRadius: 12, flex: 'none' }}>
              <QrCode value={url} size={QR_SIZES.DISPLAY} title={`QR code for ${url}`} />
            </Box>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={800} lh={1.1} style={{ color: DISPLAY_COLORS.text, fontSize: fluid(20, 2, 44) }}>
                {M.events.scanToJoin}
              </Text>
              <Text style={{ color: DISPLAY_COLORS.muted, fontSize: fluid(12, 0.9, 20), overflowWrap: 'anywhere' }}>
                {url.replace(/^https?:\/\//, '')}
              </Text>
            </Stack>
          </Group>
        ) : (
          <span />
        )}
        <Group gap="lg" align="center">
          {reconnecting && (
            <Group gap={6} role="status" style={{ color: DISPLAY_COLORS.muted, fontSize: fluid(12, 0.8, 18) }}>
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
