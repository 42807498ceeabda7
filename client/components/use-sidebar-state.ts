import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { BREAKPOINTS, SIDEBAR } from '#shared/constants';

// spec §2 navigation shell, §9 sidebar: the expanded/collapsed choice lives in a cookie for 7 days.
function readCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR.COOKIE_NAME}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

function writeCookie(expanded: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: spec §2 wants a cookie; the Cookie Store API is not in every browser yet
  document.cookie = `${SIDEBAR.COOKIE_NAME}=${expanded}; Path=/; Max-Age=${SIDEBAR.COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * Desktop: a sidebar that collapses to icons (state in the cookie). Under 768 px: a drawer that
 * slides in. Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebarState() {
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINTS.MOBILE_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [expanded, setExpanded] = useState(readCookie);
  const [drawerOpened, { open: openDrawer, close: closeDrawer, toggle: toggleDrawer }] = useDisclosure(false);

  const toggleDesktop = useCallback(() => {
    setExpanded((prev) => {
      writeCookie(!prev);
      return !prev;
    });
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) toggleDrawer();
    else toggleDesktop();
  }, [isMobile, toggleDrawer, toggleDesktop]);

  // Growing past the breakpoint with the drawer open would leave it over the desktop layout.
  useEffect(() => {
    if (!isMobile) closeDrawer();
  }, [isMobile, closeDrawer]);

  useHotkeys([[`mod+${SIDEBAR.SHORTCUT_KEY}`, toggle]], []);

  return { isMobile, expanded, toggleDesktop, drawerOpened, openDrawer, closeDrawer };
}
