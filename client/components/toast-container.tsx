// The toasts' styles come with them (not with every public page: issue 8 B6). Their elements carry only
// classes of components that come earlier in Mantine's stylesheet, so loaded after it they change nothing.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { BREAKPOINTS } from '#shared/constants';
import { useDropStaleToasts } from '../lib/stale-toasts';

/**
 * Mantine's toast container, loaded on its own with the first toast (providers.tsx). On a desktop at the
 * bottom right, off the user menu; on a phone at the top, off the form's buttons at the bottom of the
 * screen (error toasts there go when the page changes or a success follows: lib/stale-toasts.ts).
 */
export function ToastContainer() {
  // here, not in the routes: only the toasts re-render when one comes or goes
  useDropStaleToasts();
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.MOBILE_PX}px)`);
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} limit={4} />;
}
