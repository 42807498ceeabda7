import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import type { RegistrationDto } from '#shared/schemas/registrations';
import { fullName, initials } from '../registrations/attendee-format';
import { DISPLAY_COLORS } from './display-theme';

/**
 * spec §2 live display: one attendee card, the photo (or the initials on a placeholder when there is
 * none or it fails to load), the name and the headline. Type scales with the card's width.
 */
export function DisplayCard({ r, width, height }: { r: RegistrationDto; width: number; height: number }) {
  const [broken, setBroken] = useState(false);
  const nameSize = Math.round(Math.min(30, Math.max(15, width * 0.115)));
  const headlineSize = Math.round(Math.min(20, Math.max(12, width * 0.08)));
  const pad = Math.round(Math.min(14, Math.max(8, width * 0.06)));
  // the text block keeps two name lines and two headline lines (every card alike, so the photos line
  // up across a row); the photo takes the rest
  const textHeight = pad * 2 + nameSize * 1.2 * 2 + headlineSize * 1.3 * 2 + 4;
  const photoHeight = Math.max(height - textHeight, height * 0.45);
  const showPhoto = r.photo_url && !broken;

  return (
    <Box
      data-testid="display-card"
      style={{
        height,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: 14,
        background: DISPLAY_COLORS.card,
        border: `1px solid ${DISPLAY_COLORS.cardBorder}`,
        boxShadow: '0 8px 24px rgba(0, 0, 0, 0.35)',
      }}
    >
      <Box
        style={{ height: photoHeight, flex: '0 0 auto', position: 'relative', background: DISPLAY_COLORS.placeholder }}
      >
        {showPhoto ? (
          <img
            src={r.photo_url ?? undefined}
            alt=""
            decoding="async"
            onError={() => setBroken(true)}
            style={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              objectPosition: 'center 30%',
              display: 'block',
            }}
          />
        ) : (
          <Text
            aria-hidden
            fw={800}
            c="white"
            style={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              fontSize: Math.round(Math.min(photoHeight, width) * 0.36),
              letterSpacing: '0.02em',
            }}
          >
            {initials(r)}
          </Text>
        )}
      </Box>
      <Box p={pad} style={{ flex: '1 1 auto', minHeight: 0 }}>
        <Text
          fw={700}
          lh={1.2}
          lineClamp={2}
          style={{ color: DISPLAY_COLORS.text, fontSize: nameSize, overflowWrap: 'anywhere' }}
        >
          {fullName(r)}
        </Text>
        {r.headline && (
          <Text
            mt={4}
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
