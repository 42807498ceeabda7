import { type ComponentType, createElement, lazy, useState } from 'react';

const RELOADED = 'roomlist:reloaded-for-chunk';

/**
 * React.lazy for a named export. After an upgrade the old page's chunk names are gone from the server:
 * a failed import then reloads the page once (fetching the new index.html) instead of showing the
 * error screen; a second failure in a row is a real error and reaches the error boundary.
 * `preload()` fetches and runs the page's code ahead: a page mounted after that renders at once,
 * without a loader in between (client/main.tsx does it for the page a URL opens, issue 8 B7).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (err) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    try {
      const component = await preload();
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
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, like React.lazy
  function Page(props: P) {
    // Chosen once per mount: switching from Lazy to the component later would remount the page.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload });
}
