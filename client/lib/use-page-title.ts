import { useEffect } from 'react';
import { appName } from './app-name';

/** spec §2: "Dashboard · Roomlist" while the page is shown, the bare product name after it. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    const name = appName();
    document.title = title ? `${title} · ${name}` : name;
    return () => {
      document.title = name;
    };
  }, [title]);
}
