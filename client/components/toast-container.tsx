import { Notifications } from '@mantine/notifications';

/** Mantine's toast container with our placement; loaded on its own with the first toast (providers.tsx). */
export function ToastContainer() {
  return <Notifications position="top-right" limit={4} />;
}
