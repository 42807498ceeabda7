import { Center, Loader, Stack, Text } from '@mantine/core';
import { M } from '#shared/messages';

/** spec §2 guards: a centred spinner with "Loading..." while the session or roles load. */
export function FullPageLoader({
  label = M.guards.loading,
  fullHeight = true,
}: {
  label?: string;
  fullHeight?: boolean;
}) {
  return (
    <Center mih={fullHeight ? '100dvh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
