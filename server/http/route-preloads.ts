import fs from 'node:fs/promises';
import path from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest` in vite.config.ts): keys are paths under client/. */
export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The page modules each public URL opens (client/routes.tsx loads them lazily). Only attendee and venue
 * pages: they are the ones opened cold on a phone or a screen; an organiser page is reached by navigation.
 */
export const ROUTE_MODULES: readonly { route: string; path: RegExp; modules: readonly string[] }[] = [
  { route: 'register', path: /^\/register\/[^/]+\/?$/, modules: ['features/registrations/join-page.tsx'] },
  {
    route: 'edit-registration',
    path: /^\/(?:register\/[^/]+\/edit\/[^/]+|edit-registration\/[^/]+)\/?$/,
    modules: ['features/registrations/edit-registration-page.tsx'],
  },
  {
    route: 'event-list',
    path: /^\/event-list\/[^/]+\/?$/,
    modules: ['styles/list-styles.ts', 'features/registrations/attendee-list-page.tsx'],
  },
  { route: 'event-display', path: /^\/event-display\/[^/]+\/?$/, modules: ['features/live/event-display-page.tsx'] },
  { route: 'event-qr', path: /^\/event-qr\/[^/]+\/?$/, modules: ['features/live/event-qr-page.tsx'] },
];

export type RouteHints = { route: string; head: string };
const NONE: RouteHints = { route: '', head: '' };

/** The build manifest, or undefined (an older build, or a test's hand-made client folder): then no hints. */
export async function readManifest(clientDir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await fs.readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * pathname → the `<link>` tags that fetch the page's own chunks together with the entry: without them
 * the browser learns of the page's chunk only once the entry has run (issue 8 B7: one round trip and a
 * download on the way to the first paint of /register). Chunks index.html already loads are left out,
 * and so is every page the URL does not open. A page's stylesheets are preloaded, not applied: the
 * loader applies them in its own order, as before.
 */
export function routePreloads(manifest: Manifest | undefined): (pathname: string) => RouteHints {
  if (!manifest) return () => NONE;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loaded = new Set(closure(manifest, entries));
  const byRoute = ROUTE_MODULES.map(({ route, path, modules }) => {
    const keys = closure(manifest, modules).filter((key) => !loaded.has(key));
    const scripts = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
    const styles = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))].map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${file}">`,
    );
    return { route, path, head: [...scripts, ...styles].join('\n    ') };
  });
  return (pathname) => {
    const found = byRoute.find((r) => r.path.test(pathname));
    return found?.head ? { route: found.route, head: found.head } : NONE;
  };
}

/** The manifest keys of `roots` and every chunk they import statically, roots first. */
function closure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const root of roots) visit(root);
  return [...seen];
}
