import { useEffect } from 'react';

/**
 * Makes the door installable and able to open offline: its web app manifest (the server makes one per
 * event, server/features/door/door.http.ts) and the service worker scoped to /door/ (built from
 * ./door-sw.ts by scripts/door-sw.ts). Only built pages register it: the dev server has no sw.js.
 */
export function useDoorInstall(eventId: string) {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/door/${encodeURIComponent(eventId)}/manifest.webmanifest`;
    document.head.append(link);
    return () => link.remove();
  }, [eventId]);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/door/sw.js', { scope: '/door/' }).catch(() => {
      // no service worker (a private window, say): the door still works while the page stays open
    });
  }, []);
}
