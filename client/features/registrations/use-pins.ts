import { useCallback, useEffect, useMemo, useState } from 'react';
import { ATTENDEES } from '#shared/constants';

// spec §2 attendee list: a pin toggle per attendee, kept per event in this browser. Only ids are kept
// (never names): after the event's data is erased a pin points at nothing and shows nothing.
const PREFIX = 'roomlist:pins:';

function load(eventId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PREFIX + eventId) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((v): v is string => typeof v === 'string').slice(-ATTENDEES.MAX_PINS)
      : [];
  } catch {
    return [];
  }
}

function save(eventId: string, ids: string[]) {
  try {
    if (ids.length === 0) window.localStorage.removeItem(PREFIX + eventId);
    else window.localStorage.setItem(PREFIX + eventId, JSON.stringify(ids));
  } catch {
    // storage unavailable: pins last as long as the page
  }
}

/**
 * The pinned registration ids of one event (at most ATTENDEES.MAX_PINS, the newest kept: the server
 * takes no more), and a toggle; follows changes made in other tabs.
 */
export function usePins(eventId: string) {
  const [pins, setPins] = useState<string[]>(() => load(eventId));

  useEffect(() => {
    setPins(load(eventId));
    const onStorage = (e: StorageEvent) => {
      if (e.key === PREFIX + eventId) setPins(load(eventId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [eventId]);

  const toggle = useCallback(
    (id: string) =>
      setPins((current) => {
        const next = current.includes(id)
          ? current.filter((p) => p !== id)
          : [...current, id].slice(-ATTENDEES.MAX_PINS);
        save(eventId, next);
        return next;
      }),
    [eventId],
  );

  /** Forgets this browser's pins of the event (once they are kept on the server). */
  const clear = useCallback(() => {
    save(eventId, []);
    setPins([]);
  }, [eventId]);

  const pinned = useMemo(() => new Set(pins), [pins]);
  return { pins, pinned, toggle, clear };
}
