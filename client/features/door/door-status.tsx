import { Badge, Group, Loader } from '@mantine/core';
import { IconCloudOff, IconWifi } from '@tabler/icons-react';
import { M } from '#shared/messages';

/** Online or offline, and how many actions wait on the device to be sent. */
export function DoorStatus({ online, waiting, sending }: { online: boolean; waiting: number; sending: boolean }) {
  return (
    <Group gap="xs" role="status" aria-live="polite" data-testid="door-status">
      <Badge
        size="lg"
        radius="sm"
        color={online ? 'teal' : 'gray'}
        variant={online ? 'light' : 'filled'}
        leftSection={online ? <IconWifi size={14} /> : <IconCloudOff size={14} />}
      >
        {online ? M.door.online : M.door.offline}
      </Badge>
      {waiting > 0 && (
        <Badge
          size="lg"
          radius="sm"
          color="orange"
          variant="light"
          leftSection={sending && online ? <Loader size={10} color="orange" /> : undefined}
        >
          {M.door.waiting(waiting)}
        </Badge>
      )}
    </Group>
  );
}
