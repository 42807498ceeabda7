import { type ComponentType, lazy } from 'react';

const RELOADED = 'roomlist:reloaded-for-chunk';

/**
 * React.lazy for a named export. After an upgrade the old page's chunk names are gone from the server:
 * a failed import then reloads the page once (fetching the new index.html) instead of showing the
 * error screen; a second failure in a row is a real error and reaches the error boundary.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      const component = await load();
      sessionStorage.removeItem(RELOADED);
      return { default: component };
    } catch (err) {
      if (!sessionStorage.getItem(RELOADED)) {
        sessionStorage.setItem(RELOADED, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw err;
    }
  });
}
