import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

/** A statistic that links to the screen behind it (spec §2 dashboard: both cards link to /events). */
export function StatCard({
  label,
  value,
  hint,
  to,
  icon: Icon,
  color,
}: {
  label: string;
  value: number | string;
  hint: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
}) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="md"
      p="lg"
      aria-label={`${label}: ${value}`}
      style={{ color: 'inherit', textDecoration: 'none', display: 'block' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={34} fw={700} lh={1.1}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Group gap={4} mt="md" c={color}>
        <Text size="xs" fw={600}>
          View events
        </Text>
        <IconChevronRight size={14} />
      </Group>
    </Paper>
  );
}
