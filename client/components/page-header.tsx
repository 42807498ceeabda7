import { Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a page inside the shell: title, a line of context, actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  mb = 'lg',
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  mb?: MantineSpacing | 0;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb={mb} wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
