import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import { LIVE_DISPLAY } from '#shared/constants';
import type { DisplayType } from '#shared/display-grid';
import type { AttendeeDto } from '#shared/schemas/registrations';
import { fullName, initials } from '../registrations/attendee-format';
import { DISPLAY_COLORS } from './display-theme';

const clamp = (v: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, v)));

function Photo({ r, size }: { r: AttendeeDto; size: number }) {
  const [broken, setBroken] = useState(false);
  if (r.photo_url && !broken) {
    return (
      <img
        src={r.photo_url}
        alt=""
        decoding="async"
        onError={() => setBroken(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center 30%', display: 'block' }}
      />
    );
  }
  return (
    <Text
      aria-hidden
      fw={800}
      c="white"
      style={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        fontSize: Math.round(size * 0.36),
      }}
    >
      {initials(r)}
    </Text>
  );
}

/**
 * spec §2 live display: one attendee card, the photo (or the initials on a placeholder when there is
 * none or it fails to load), the name and the headline, in type sized for the room (`type`, at least
 * 36/24 px on a 1080p screen) that grows with the card. A card much wider than tall (few attendees on a
 * wide screen) puts the photo beside the text.
 */
export function DisplayCard({
  r,
  width,
  height,
  type,
}: {
  r: AttendeeDto;
  width: number;
  height: number;
  type: DisplayType;
}) {
  const wide = width / height >= LIVE_DISPLAY.WIDE_CARD_ASPECT;
  const nameSize = wide
    ? clamp(height * 0.11, type.name, type.name * 2.2)
    : clamp(width * 0.115, type.name, type.name * 1.8);
  const headlineSize = Math.max(type.headline, Math.round((nameSize * 2) / 3));
  const pad = Math.max(type.pad, Math.round(nameSize * 0.45));
  const textHeight = pad * 2 + nameSize * 1.2 * 2 + 4 + headlineSize * 1.3 * 2;
  const photoWidth = wide ? Math.min(height, Math.round(width * 0.5)) : width;
  const photoHeight = wide ? height : Math.max(height - textHeight, height * 0.45);

  return (
    <Box
      data-testid="display-card"
      style={{
        width,
        height,
        display: 'flex',
        flexDirection: wide ? 'row' : 'column',
        overflow: 'hidden',
        borderRadius: Math.round(type.name * 0.4),
        background: DISPLAY_COLORS.card,
        border: `1px solid ${DISPLAY_COLORS.cardBorder}`,
        boxShadow: '0 8px 24px rgba(0, 0, 0, 0.35)',
      }}
    >
      <Box
        style={{
          width: photoWidth,
          height: photoHeight,
          flex: '0 0 auto',
          position: 'relative',
          background: DISPLAY_COLORS.placeholder,
        }}
      >
        <Photo r={r} size={Math.min(photoWidth, photoHeight)} />
      </Box>
      <Box
        p={pad}
        style={{
          flex: '1 1 auto',
          minHeight: 0,
          minWidth: 0,
          ...(wide ? { display: 'flex', flexDirection: 'column', justifyContent: 'center' } : {}),
        }}
      >
        <Text
          data-testid="display-name"
          fw={700}
          lh={1.2}
          lineClamp={2}
          style={{ color: DISPLAY_COLORS.text, fontSize: nameSize, overflowWrap: 'anywhere' }}
        >
          {fullName(r)}
        </Text>
        {r.headline && (
          <Text
            data-testid="display-headline"
            mt={Math.round(nameSize * 0.15)}
            lh={1.3}
            lineClamp={2}
            style={{ color: DISPLAY_COLORS.muted, fontSize: headlineSize, overflowWrap: 'anywhere' }}
          >
            {r.headline}
          </Text>
        )}
      </Box>
    </Box>
  );
}
