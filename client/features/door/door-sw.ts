// The door's service worker (README "The door offline"), served as /door/sw.js, so it controls only
// pages under /door/: no public page is ever served or slowed by it. scripts/door-sw.ts builds it with
// the list of the door's own files (__DOOR_PRECACHE__) and a version that changes with them.
//
// - A /door/… page: from the network, kept as the shell; offline, the kept shell.
// - /assets/… (names carry their content's hash): kept copy first, else the network (and kept).
// - /uploads/… photos: the copy the door page kept (door-photos.ts), else the network.
// - Everything else (the API above all) is not touched: the page queues what it cannot send.

declare const __DOOR_PRECACHE__: string[];
declare const __DOOR_VERSION__: string;

type ExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(r: Promise<Response>): void };
type Scope = {
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};

const sw = self as unknown as Scope;
const SHELL_PREFIX = 'roomlist-door-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${__DOOR_VERSION__}`;
const SHELL_KEY = '/door/';

sw.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([SHELL_KEY, ...__DOOR_PRECACHE__]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(SHELL_PREFIX) && n !== SHELL_CACHE).map((n) => caches.delete(n))),
      )
      .then(() => sw.clients.claim()),
  );
});

async function page(request: Request): Promise<Response> {
  try {
    const res = await fetch(request);
    if (res.ok) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL_KEY, res.clone());
    }
    return res;
  } catch (err) {
    const kept = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw err;
  }
}

async function keptFirst(request: Request, keep: boolean): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (keep && res.ok) await (await caches.open(SHELL_CACHE)).put(request, res.clone());
  return res;
}

sw.addEventListener('fetch', (e) => {
  const { request } = e;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/door/')) e.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) e.respondWith(keptFirst(request, true));
  else if (url.pathname.startsWith('/uploads/')) e.respondWith(keptFirst(request, false));
  else if (__DOOR_PRECACHE__.includes(url.pathname)) e.respondWith(keptFirst(request, false));
});
