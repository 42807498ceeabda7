import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';

const ERROR = 'red';

/** Hides the error toasts on screen and queued (e.g. "Authentication failed" once signed in). */
export function hideErrorToasts(except?: string) {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const n of [...shown, ...queue]) if (n.color === ERROR && n.id && n.id !== except) notifications.hide(n.id);
}

/**
 * Error toasts that no longer hold go when a success toast follows them ("Validation Error" beside
 * "Event updated successfully!"); a success without a toast (signing in) calls hideErrorToasts itself.
 * Not on every page change: a failed link's message is shown as the app moves on to the next page.
 */
export function useDropStaleToasts() {
  const { notifications: shown } = useNotifications();
  const newest = shown.at(-1);
  useEffect(() => {
    if (newest && newest.color !== ERROR && newest.color !== undefined) hideErrorToasts();
  }, [newest]);
}
