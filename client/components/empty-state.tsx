import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** A quiet centred message for an empty list: an icon, one line, an optional hint and action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  py = 'xl',
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  py?: string | number;
}) {
  return (
    <Stack align="center" gap="xs" py={py} ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <Icon size={26} stroke={1.6} />
      </ThemeIcon>
      <Text fw={500}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed" maw={400}>
          {children}
        </Text>
      )}
      {action}
    </Stack>
  );
}
