import dayjs from 'dayjs';

/** spec §9 dates shown en-GB: "22 Nov 2025, 18:05" in the viewer's time zone. */
export const formatJoined = (iso: string) => dayjs(iso).locale('en-gb').format('D MMM YYYY, HH:mm');

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;

export const initials = (r: { first_name: string; last_name: string }) =>
  `${r.first_name.charAt(0)}${r.last_name.charAt(0)}`.toUpperCase();
