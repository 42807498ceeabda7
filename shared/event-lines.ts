import { formatDetailDate, formatTime } from './date-format';

type EventPlace = { event_date: string; start_time: string; end_time: string; venue: string; city: string };

/** The event's date and times as the join and edit pages show them, e.g. 'Sat, 22 Nov 2025, 18:00-21:00'. */
export const eventWhen = (e: EventPlace) =>
  `${formatDetailDate(e.event_date)}, ${formatTime(e.start_time)}-${formatTime(e.end_time)}`;

/** The event's place as the join and edit pages show it: 'venue, city'. */
export const eventWhere = (e: EventPlace) => `${e.venue}, ${e.city}`;
