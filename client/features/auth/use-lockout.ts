import { useCallback, useEffect, useState } from 'react';

// spec §4 "lockout state persisted in browser storage": only the end of the lock is kept, so the form
// stays disabled across reloads. The server counts attempts and enforces the lock; this is a courtesy.
const KEY = (form: string) => `roomlist.lockout.${form}`;

function readUntil(form: string): number {
  try {
    const until = Number(window.localStorage.getItem(KEY(form)));
    return Number.isFinite(until) && until > Date.now() ? until : 0;
  } catch {
    return 0;
  }
}

export function useLockout(form: 'sign-in' | 'sign-up') {
  const [until, setUntil] = useState(() => readUntil(form));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [until]);

  const lock = useCallback(
    (minutes: number) => {
      const end = Date.now() + minutes * 60_000;
      try {
        window.localStorage.setItem(KEY(form), String(end));
      } catch {
        // storage disabled: the server still holds the lock
      }
      setUntil(end);
      setNow(Date.now());
    },
    [form],
  );

  const clear = useCallback(() => {
    try {
      window.localStorage.removeItem(KEY(form));
    } catch {
      // ignore
    }
    setUntil(0);
  }, [form]);

  const locked = until > now;
  const minutesLeft = locked ? Math.max(1, Math.ceil((until - now) / 60_000)) : 0;
  return { locked, minutesLeft, lock, clear };
}
