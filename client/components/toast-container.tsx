// The toasts' styles come with them (not with every public page: issue 8 B6). Their elements carry only
// classes of components that come earlier in Mantine's stylesheet, so loaded after it they change nothing.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container with our placement; loaded on its own with the first toast (providers.tsx). */
export function ToastContainer() {
  return <Notifications position="top-right" limit={4} />;
}
