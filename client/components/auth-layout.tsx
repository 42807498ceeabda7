import { Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from './brand';

/** The frame of the signed-out pages: the mark on top, one card in the middle. */
export function AuthLayout({ children, tagline }: { children: ReactNode; tagline?: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      py={{ base: 'lg', sm: 48 }}
      style={{
        background:
          'radial-gradient(circle at 15% 0%, var(--mantine-color-indigo-0), transparent 45%), radial-gradient(circle at 90% 100%, var(--mantine-color-cyan-0), transparent 40%), var(--mantine-color-gray-0)',
      }}
    >
      <Container size={460} px={{ base: 'sm', xs: 'md' }}>
        <Stack gap="lg">
          <Center>
            <Stack gap={6} align="center">
              <Link to="/auth" style={{ color: 'inherit', textDecoration: 'none' }} aria-label="Roomlist home">
                <Brand size="lg" />
              </Link>
              {tagline && (
                <Text c="dimmed" size="sm" ta="center">
                  {tagline}
                </Text>
              )}
            </Stack>
          </Center>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
            {children}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
