import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clip } from '#shared/clip';
import { PAGE_VIEWS } from '#shared/constants';
import { trpc } from './trpc';

/** spec §2 guards: a page view on every route change (path only: query strings may carry tokens). */
export function usePageViews() {
  const { pathname } = useLocation();
  const { mutate } = trpc.analytics.pageView.useMutation();
  const previous = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (previous.current === pathname) return;
    const referrer = previous.current ?? (document.referrer || undefined);
    previous.current = pathname;
    mutate({
      path: clip(pathname, PAGE_VIEWS.PATH_MAX),
      referrer: referrer && clip(referrer, PAGE_VIEWS.REFERRER_MAX),
    });
  }, [pathname, mutate]);
}
