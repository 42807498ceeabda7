import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/**
 * One figure of the admin dashboard: a small icon and the label, then the value (kept at the bottom so
 * the values of a row line up when a label wraps), and an optional line under it.
 */
export function StatTile({
  label,
  value,
  hint,
  icon: Icon,
  color,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  icon: Icon;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" aria-label={`${label}: ${value}`}>
      <Stack gap={6} justify="space-between" h="100%">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <ThemeIcon size={24} radius="sm" variant="light" color={color} style={{ flexShrink: 0 }}>
            <Icon size={15} stroke={1.8} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" fw={500} lh={1.35} pt={2}>
            {label}
          </Text>
        </Group>
        <div>
          <Text fz={26} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** The tile's shape while the figures load. */
export function StatTileSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" data-testid="admin-skeleton-card">
      <Stack gap={10}>
        <Skeleton h={14} w="60%" />
        <Skeleton h={26} w="40%" />
      </Stack>
    </Paper>
  );
}
