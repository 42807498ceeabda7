import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** One titled block of the account page. */
export function SectionCard({
  title,
  description,
  icon: Icon,
  color = 'indigo',
  children,
}: {
  title: string;
  description?: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="md" variant="light" color={color}>
            <Icon size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} size="h5">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
