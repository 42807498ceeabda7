import { useEffect } from 'react';
import { APP } from '#shared/constants';

/** spec §2: "Dashboard · Roomlist" while the page is shown, the bare product name after it. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP.NAME}` : APP.NAME;
    return () => {
      document.title = APP.NAME;
    };
  }, [title]);
}
