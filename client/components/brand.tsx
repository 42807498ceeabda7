import { Group, type MantineSize, Text, ThemeIcon } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { appName } from '../lib/app-name';

/**
 * The product mark: an icon and the product name (APP_NAME, or `name` where there is no page to read it
 * from: the served first paint). `iconOnly` for the collapsed sidebar.
 */
export function Brand({
  size = 'md',
  iconOnly = false,
  name,
}: {
  size?: MantineSize;
  iconOnly?: boolean;
  name?: string;
}) {
  const icon = size === 'lg' ? 40 : 30;
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={icon} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
        <IconUsersGroup size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      {!iconOnly && (
        <Text fw={700} fz={size === 'lg' ? 26 : 19} lh={1} style={{ letterSpacing: '-0.01em' }}>
          {name ?? appName()}
        </Text>
      )}
    </Group>
  );
}
