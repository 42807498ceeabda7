import { useEffect } from 'react';

/**
 * Keeps a venue screen from dimming while the display is visible (Screen Wake Lock API, where the
 * browser has it; the lock is dropped whenever the tab is hidden, so it is asked for again on return).
 */
export function useWakeLock() {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }
    ).wakeLock;
    if (!wakeLock) return;
    let lock: { release(): Promise<void> } | undefined;
    let active = true;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((l) => {
          if (active) lock = l;
          else void l.release();
        })
        .catch(() => {
          // refused (no permission, battery saver): the screen may dim, nothing else to do
        });
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => {});
    };
  }, []);
}
