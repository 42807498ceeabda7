import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignOut } from '../features/auth/use-auth';
import type { Me } from '../lib/trpc';

const initials = (me: Me) => `${me.first_name.charAt(0)}${me.last_name.charAt(0)}`.toUpperCase();

/** Header menu: who is signed in, their account, and sign out. */
export function UserMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="indigo" radius="xl" size={34}>
              {initials(me)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {me.first_name} {me.last_name}
            </Text>
            <IconChevronDown size={14} stroke={1.7} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {me.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          Account
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
