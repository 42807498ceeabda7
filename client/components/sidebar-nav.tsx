import { Divider, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconChartBar,
  IconLayoutDashboard,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';

type Item = { label: string; to: string; icon: ComponentType<{ size?: number; stroke?: number }> };

// spec §2 navigation shell
const PLATFORM: Item[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard },
  { label: 'Events List', to: '/events', icon: IconCalendarEvent },
  { label: 'Create Event', to: '/create-event', icon: IconCalendarPlus },
];
const ADMINISTRATION: Item[] = [{ label: 'Admin Dashboard', to: '/admin', icon: IconChartBar }];
const ACCOUNT: Item = { label: 'Account', to: '/account', icon: IconUserCircle };

// Icons only: the label's body is removed so the icon sits in the middle of the 3rem rail.
const COLLAPSED_STYLES = {
  root: { justifyContent: 'center', paddingInline: 0, height: 38 },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
};

function isActive(pathname: string, to: string) {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

function SidebarLink({ item, collapsed, onNavigate }: { item: Item; collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      onClick={onNavigate}
      label={collapsed ? undefined : item.label}
      aria-label={collapsed ? item.label : undefined}
      leftSection={<Icon size={19} stroke={1.7} />}
      active={isActive(pathname, item.to)}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      styles={collapsed ? COLLAPSED_STYLES : undefined}
    />
  );
  return collapsed ? (
    <Tooltip label={item.label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function NavGroup({
  title,
  items,
  collapsed,
  onNavigate,
}: {
  title: string;
  items: Item[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Stack gap={2} role="group" aria-label={title}>
      {collapsed ? (
        <Divider my={6} />
      ) : (
        <Text size="xs" fw={600} c="dimmed" px="sm" pt="xs" pb={4}>
          {title}
        </Text>
      )}
      {items.map((item) => (
        <SidebarLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}

/** The sidebar's content, shared by the desktop navbar and the phone drawer. */
export function SidebarNav({
  collapsed,
  isAdmin,
  onNavigate,
}: {
  collapsed: boolean;
  isAdmin: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Stack gap={0} h="100%" component="nav" aria-label="Main navigation">
      <ScrollArea style={{ flex: 1 }} type="never">
        <Stack gap="sm">
          <NavGroup title="Platform Navigation" items={PLATFORM} collapsed={collapsed} onNavigate={onNavigate} />
          {isAdmin && (
            <NavGroup title="Administration" items={ADMINISTRATION} collapsed={collapsed} onNavigate={onNavigate} />
          )}
        </Stack>
      </ScrollArea>
      <Divider my="xs" />
      <SidebarLink item={ACCOUNT} collapsed={collapsed} onNavigate={onNavigate} />
    </Stack>
  );
}
