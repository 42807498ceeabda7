import dayjs from 'dayjs';

/** spec §9 dates shown en-GB: "22 Nov 2025, 18:05" in the viewer's time zone. */
export const formatJoined = (iso: string) => dayjs(iso).locale('en-gb').format('D MMM YYYY, HH:mm');

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;

export const initials = (r: { first_name: string; last_name: string }) =>
  `${r.first_name.charAt(0)}${r.last_name.charAt(0)}`.toUpperCase();

/** "19:05" in the viewer's time zone: a check-in or check-out time on a list row. */
export const formatTime = (iso: string) => dayjs(iso).format('HH:mm');

/** A list row of one attendee: teal while they are in the room (the organiser's list, the door). */
export const presenceRowStyle = (here: boolean) => ({
  listStyle: 'none',
  borderColor: here ? 'var(--mantine-color-teal-3)' : undefined,
  background: here ? 'var(--mantine-color-teal-0)' : undefined,
});
