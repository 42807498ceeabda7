import { ActionIcon, AppShell, Burger, Drawer, Group, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { SIDEBAR } from '#shared/constants';
import { useMe } from '../features/auth/use-auth';
import { Brand } from './brand';
import { SidebarNav } from './sidebar-nav';
import { useSidebarState } from './use-sidebar-state';
import { UserMenu } from './user-menu';

const rem = (n: number) => `${n}rem`;

/** spec §2 navigation shell: header, collapsible sidebar (drawer under 768 px), page in the main area. */
export function AppLayout() {
  const { data: me } = useMe();
  const sidebar = useSidebarState();
  const collapsed = !sidebar.expanded;
  const isAdmin = me?.roles.includes('admin') ?? false;
  const shortcut = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘B' : 'Ctrl+B';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: rem(collapsed ? SIDEBAR.COLLAPSED_WIDTH_REM : SIDEBAR.WIDTH_REM),
        breakpoint: 'sm',
        collapsed: { mobile: true },
      }}
      padding={{ base: 'md', sm: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={sidebar.drawerOpened}
              onClick={sidebar.drawerOpened ? sidebar.closeDrawer : sidebar.openDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label={sidebar.drawerOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Tooltip label={`${collapsed ? 'Expand' : 'Collapse'} sidebar (${shortcut})`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={sidebar.toggleDesktop}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
              >
                {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
            <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }} aria-label="Roomlist dashboard">
              <Brand />
            </Link>
          </Group>
          {me && <UserMenu me={me} />}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p={collapsed ? 5 : 'sm'} style={{ transition: 'width 200ms ease' }}>
        <SidebarNav collapsed={collapsed} isAdmin={isAdmin} />
      </AppShell.Navbar>

      <Drawer
        opened={sidebar.isMobile && sidebar.drawerOpened}
        onClose={sidebar.closeDrawer}
        size={rem(SIDEBAR.MOBILE_WIDTH_REM)}
        padding="sm"
        title={<Brand />}
        styles={{ body: { height: 'calc(100% - 60px)' } }}
      >
        <SidebarNav collapsed={false} isAdmin={isAdmin} onNavigate={sidebar.closeDrawer} />
      </Drawer>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
