import type { MantineColor } from '@mantine/core';
import type { CleanupBadge } from '#shared/dates';
import { formatDetailDate, formatTime, zoneSuffix } from '#shared/dates';
import { M } from '#shared/messages';
import { localDateTime } from '#shared/time-zones';
import type { RouterOutputs } from '../../lib/trpc';

export type EventDto = RouterOutputs['events']['get'];

/**
 * spec §2: times shown as "HH:MM - HH:MM", as stored (the event's own clocks), followed by the event's
 * zone when the viewer's clocks are in another: "18:00 - 21:00 (Europe/London)".
 */
export const timeRange = (e: { start_time: string; end_time: string; time_zone?: string }) =>
  `${formatTime(e.start_time)} - ${formatTime(e.end_time)}${zoneSuffix(e.time_zone)}`;

/**
 * When the event's attendee data is deleted, on the event's clocks: { date: 'Tue, 01 Dec 2026', time:
 * '21:00', zone: ' (Europe/London)' or '' }; null without a scheduled date.
 */
export function deletionWhen(e: { scheduled_deletion_date: string | null; time_zone: string }) {
  const due = e.scheduled_deletion_date;
  if (!due || Number.isNaN(Date.parse(due))) return null;
  const local = localDateTime(due, e.time_zone);
  return { date: formatDetailDate(local.date), time: local.time, zone: zoneSuffix(e.time_zone) };
}

/** spec §4 data-cleanup badge colours. */
export const BADGE_COLOR: Record<CleanupBadge, MantineColor> = {
  [M.events.badge.dataCleaned]: 'gray',
  [M.events.badge.cleaningSoon]: 'orange',
  [M.events.badge.activeData]: 'teal',
};

/** spec §4: Total Attendees is the stored attendee_count once personal data is deleted. */
export const attendeeTotal = (e: EventDto) => (e.personal_data_deleted ? e.attendee_count : e.registration_count);
