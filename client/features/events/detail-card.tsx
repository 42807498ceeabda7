import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** A card of the event detail screen: icon, title, content. */
export function DetailCard({
  icon: Icon,
  title,
  color = 'indigo',
  children,
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="light" color={color}>
          <Icon size={18} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} size="h5">
          {title}
        </Title>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** A label above its value. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
