import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { M } from '#shared/messages';

/** The frame both revenue cards share: a coin, the title, where the earnings come from, then the figures. */
export function RevenueFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color="green">
            <IconCoin size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {M.revenue.source}
            </Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
