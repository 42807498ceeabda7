import { Paper, Stack, ThemeIcon } from '@mantine/core';
import type { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PublicLayout } from './public-layout';

/**
 * An attendee page that only says something (an unknown event, another browser's entry, a left room, a
 * stray LinkedIn window): the attendee frame, one card, a large icon, then `children`, centred.
 */
export function MessageCard({
  icon: Icon,
  color,
  role,
  size = 480,
  children,
}: {
  icon: typeof IconLock;
  color: string;
  role: 'alert' | 'status';
  size?: number;
  children: ReactNode;
}) {
  return (
    <PublicLayout size={size}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} role={role}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            <Icon size={28} stroke={1.6} />
          </ThemeIcon>
          {children}
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
