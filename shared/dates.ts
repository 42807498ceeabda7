import { LIMITS } from './constants';
import { formatDate, parseTime } from './date-format';
import { M } from './messages';
import { addCalendarDays, localDateTime, type WallClock, wallClockAt, weekdayOf, zonedInstant } from './time-zones';
import { localTimeZone } from './zone-names';

// The pure formatters and zone names live apart so that a page that only shows a date (the join page)
// does not carry the clock arithmetic; imported from here, they are the same functions.
export { formatDetailDate, formatListDate, formatLongDate, formatTime } from './date-format';
export { zoneSuffix } from './zone-names';

// Event dates are 'YYYY-MM-DD' strings and times 'HH:MM' (or 'HH:MM:SS'), on the clocks of the event's
// zone; calendar arithmetic is done on those fields, so the result does not depend on the machine's zone.

const DAY_MS = 24 * 60 * 60 * 1000;

export type CleanupBadge = (typeof M.events.badge)[keyof typeof M.events.badge];

/** spec §4: today's date as the UTC date string. */
export function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** spec §4: upcoming when event_date is on or after today (UTC), past when earlier. */
export function isUpcoming(eventDate: string, now: Date): boolean {
  return eventDate.slice(0, 10) >= todayIso(now);
}

function parseDateUtc(date: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) throw new RangeError(`Invalid date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/**
 * spec §4 deletion countdown, §9 data cleanup date: two working days (Mon-Fri) after the event's
 * end, keeping the end time of day, on the clocks of the event's zone (weekends are the zone's local
 * Saturdays and Sundays; a skipped or repeated local time follows zonedInstant's rule). The GDPR job
 * and the badge both use this one rule.
 */
export function scheduledDeletionDate(eventDate: string, endTime: string, timeZone: string): Date {
  const { y, m, d } = parseDateUtc(eventDate);
  const { h, min, s } = parseTime(endTime);
  let day: WallClock = { y, m, d, h, min, s };
  let left: number = LIMITS.DATA_CLEANUP_WEEKDAYS;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return zonedInstant(day, timeZone);
}

/** The zone an event's date and times are in: its own, else the server's default (TIME_ZONE). */
export const eventTimeZone = (eventZone: string | null | undefined, configDefault: string): string =>
  eventZone || configDefault;

/**
 * The same wall-clock time one calendar day earlier in `timeZone` (e.g. the day before an erasure, as
 * the event's clocks show it): across a clock change that is 23 or 25 hours earlier, not 24.
 */
export function localDayBefore(instantIso: string, timeZone: string): Date {
  const at = new Date(instantIso).getTime();
  const w = wallClockAt(at, timeZone);
  // the wall clock keeps whole seconds: the instant's milliseconds are carried over
  return new Date(zonedInstant(addCalendarDays(w, -1), timeZone).getTime() + (((at % 1000) + 1000) % 1000));
}

/**
 * spec §4 data-cleanup badge: deleted → Data Cleaned; scheduled date at most 7 days ahead (or past)
 * → Cleaning Soon; otherwise, or with no scheduled date, Active Data.
 */
export function cleanupBadge(
  e: { personal_data_deleted: boolean; scheduled_deletion_date: string | null },
  now: Date,
): CleanupBadge {
  if (e.personal_data_deleted) return M.events.badge.dataCleaned;
  if (e.scheduled_deletion_date) {
    const due = new Date(e.scheduled_deletion_date).getTime();
    if (!Number.isNaN(due) && due - now.getTime() <= LIMITS.CLEANING_SOON_DAYS * DAY_MS) {
      return M.events.badge.cleaningSoon;
    }
  }
  return M.events.badge.activeData;
}

/** An instant's time as 'HH:MM' on the clocks of `timeZone` (the viewer's own without one). */
export function formatInstantTime(iso: string, timeZone = localTimeZone()): string {
  return Number.isNaN(Date.parse(iso)) ? iso : localDateTime(iso, timeZone).time;
}

/** An instant as '22 Nov 2025, 18:05' on the clocks of `timeZone` (the viewer's own without one). */
export function formatInstantDateTime(iso: string, timeZone = localTimeZone()): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  const { date, time } = localDateTime(iso, timeZone);
  return `${formatDate(date, (p) => `${p.d} ${p.mon} ${p.y}`)}, ${time}`;
}
