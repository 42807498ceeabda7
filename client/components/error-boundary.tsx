import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { M } from '#shared/messages';

/** spec §2 guards: the global error screen; "Refresh Page" reloads. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="md" maw={440} ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          <Title order={2}>{M.guards.errorTitle}</Title>
          <Text c="dimmed">{M.guards.errorBody}</Text>
          <Button onClick={() => window.location.reload()}>{M.guards.refresh}</Button>
        </Stack>
      </Center>
    );
  }
}
