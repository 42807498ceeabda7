import { formatInstantDateTime, formatInstantTime } from '#shared/dates';

/** spec §9 dates shown en-GB: "22 Nov 2025, 18:05" on the event's clocks (the viewer's own without a zone). */
export const formatJoined = (iso: string, timeZone?: string) => formatInstantDateTime(iso, timeZone);

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;

export const initials = (r: { first_name: string; last_name: string }) =>
  `${r.first_name.charAt(0)}${r.last_name.charAt(0)}`.toUpperCase();

/** "19:05" on the event's clocks (the viewer's own without a zone): a check-in or check-out time on a list row. */
export const formatTime = (iso: string, timeZone?: string) => formatInstantTime(iso, timeZone);

/** A list row of one attendee: teal while they are in the room (the organiser's list, the door). */
export const presenceRowStyle = (here: boolean) => ({
  listStyle: 'none',
  borderColor: here ? 'var(--mantine-color-teal-3)' : undefined,
  background: here ? 'var(--mantine-color-teal-0)' : undefined,
});
