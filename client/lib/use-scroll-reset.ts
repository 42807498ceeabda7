import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A link or a redirect to another page opens it at its top, as a full page load would: without this the
 * window kept the scroll of the page before (the event's detail opened below its title after a long
 * form). Back and forward (POP) are left to the browser's own scroll restoration.
 */
export function useScrollReset() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const previous = useRef(pathname);

  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}
