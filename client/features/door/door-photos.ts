import { DOOR } from '#shared/door-constants';
import { photoCacheName } from './door-store';

/**
 * Keeps the attendees' photos on the device for the door offline: the service worker answers
 * /uploads/… from this cache first (photo addresses name their content, so a kept one never goes
 * stale). Deleted with the rest of the event's data.
 */
export async function cacheDoorPhotos(eventId: string, urls: string[]) {
  if (!('caches' in globalThis)) return;
  const cache = await caches.open(photoCacheName(eventId));
  const missing: string[] = [];
  for (const url of urls.slice(0, DOOR.PHOTO_PREFETCH_MAX)) if (!(await cache.match(url))) missing.push(url);
  const worker = async () => {
    for (let url = missing.shift(); url; url = missing.shift()) {
      try {
        const res = await fetch(url, { credentials: 'same-origin' });
        if (res.ok) await cache.put(url, res);
      } catch {
        return; // offline again: the next refresh carries on
      }
    }
  };
  await Promise.all(Array.from({ length: DOOR.PHOTO_PREFETCH_PARALLEL }, worker));
}
