import { type NotificationData, notifications } from '@mantine/notifications';

/**
 * One toast per `id`: a repeat replaces the one on screen instead of stacking (five failed sign-ins
 * would otherwise fill the stack and queue the lockout toast behind them).
 */
export function notifyOnce(id: string, data: Omit<NotificationData, 'id'>) {
  notifications.update({ ...data, id });
  notifications.show({ ...data, id });
}
