import type { MantineColor } from '@mantine/core';
import type { CleanupBadge } from '#shared/dates';
import { formatTime } from '#shared/dates';
import { M } from '#shared/messages';
import type { RouterOutputs } from '../../lib/trpc';

export type EventDto = RouterOutputs['events']['get'];

/** spec §2: times shown as "HH:MM - HH:MM". */
export const timeRange = (e: { start_time: string; end_time: string }) =>
  `${formatTime(e.start_time)} - ${formatTime(e.end_time)}`;

/** spec §4 data-cleanup badge colours. */
export const BADGE_COLOR: Record<CleanupBadge, MantineColor> = {
  [M.events.badge.dataCleaned]: 'gray',
  [M.events.badge.cleaningSoon]: 'orange',
  [M.events.badge.activeData]: 'teal',
};

/** spec §4: Total Attendees is the stored attendee_count once personal data is deleted. */
export const attendeeTotal = (e: EventDto) => (e.personal_data_deleted ? e.attendee_count : e.registration_count);
