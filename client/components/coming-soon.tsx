import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

/** The body of a screen that a later release fills: what it will hold, and where to go meanwhile. */
export function ComingSoon({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  children: ReactNode;
  action?: { label: string; to: string };
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center" maw={460} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light">
          <Icon size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
        {action && (
          <Button component={Link} to={action.to} variant="light" mt="xs">
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
