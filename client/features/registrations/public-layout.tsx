import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the attendee pages (no sidebar, no account): a soft backdrop and one centred column. */
export function PublicLayout({ children, size = 560 }: { children: ReactNode; size?: number }) {
  return (
    <Box
      mih="100dvh"
      py={{ base: 'md', sm: 40 }}
      style={{
        background:
          'radial-gradient(circle at 10% 0%, var(--mantine-color-indigo-0), transparent 45%), radial-gradient(circle at 95% 100%, var(--mantine-color-cyan-0), transparent 40%), var(--mantine-color-gray-0)',
      }}
    >
      <Container size={size} px={{ base: 'sm', xs: 'md' }}>
        {children}
      </Container>
    </Box>
  );
}
