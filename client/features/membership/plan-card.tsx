import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { M } from '#shared/messages';

export type Plan = {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  price: string;
  period: string;
  features: readonly string[];
  /** A price in words ("Price on application") is set smaller than a figure. */
  priceInWords?: boolean;
  badge?: string;
  highlighted?: boolean;
  current?: boolean;
};

/** One plan of spec §1 on /membership: title, price, what it gives, and its button. */
export function PlanCard({ plan, action, note }: { plan: Plan; action: ReactNode; note?: ReactNode }) {
  const Icon = plan.icon;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      h="100%"
      style={plan.highlighted ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light">
            <Icon size={22} stroke={1.7} />
          </ThemeIcon>
          <Group gap={6} justify="flex-end">
            {plan.current && (
              <Badge color="teal" variant="light">
                {M.membership.plans.current}
              </Badge>
            )}
            {plan.badge && <Badge variant="filled">{plan.badge}</Badge>}
          </Group>
        </Group>
        <Stack gap={4}>
          <Title order={2} size="h4">
            {plan.title}
          </Title>
          <Group gap={6} align="baseline" wrap="wrap">
            <Text fz={plan.priceInWords ? 22 : 28} fw={700} lh={1.2}>
              {plan.price}
            </Text>
            <Text c="dimmed" size="sm">
              {plan.period}
            </Text>
          </Group>
        </Stack>
        <List
          spacing={6}
          size="sm"
          center
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={13} stroke={2.4} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          {plan.features.map((f) => (
            <List.Item key={f}>
              <Text size="sm" lh={1.4}>
                {f}
              </Text>
            </List.Item>
          ))}
        </List>
        {/* the note above the button: every card's button then sits on the same line at the bottom */}
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
