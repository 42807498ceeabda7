import { LIMITS } from './constants';
import { M } from './messages';
import {
  addCalendarDays,
  canonicalTimeZone,
  localDateTime,
  localTimeZone,
  type WallClock,
  wallClockAt,
  weekdayOf,
  zonedInstant,
  zoneName,
} from './time-zones';

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

function parseTime(time: string): { h: number; min: number; s: number } {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time);
  if (!match) throw new RangeError(`Invalid time: ${time}`);
  return { h: Number(match[1]), min: Number(match[2]), s: Number(match[3] ?? 0) };
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
  const w = wallClockAt(new Date(instantIso).getTime(), timeZone);
  return zonedInstant(addCalendarDays(w, -1), timeZone);
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

// Formatting: the stored calendar day, read from the 'YYYY-MM-DD' string itself, so it is the same in
// every time zone. English names (spec §9 en-GB), written out here: the public pages show dates without
// downloading a date library (issue 8 B6).
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type DateParts = { y: number; d: number; weekday: string; day: string; month: string; mon: string };

/** The names and numbers of a date, or the text as it is when it is not a date (never a throw in a page). */
function formatDate(date: string, format: (p: DateParts) => string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const [y, m, d] = match ? match.slice(1).map(Number) : [];
  if (!match || !MONTHS[m - 1] || d < 1 || d > 31) return date;
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const month = MONTHS[m - 1];
  return format({ y, d, weekday, day: weekday.slice(0, 3), month, mon: month.slice(0, 3) });
}

/** spec §9 list format 'EEE, MMM d', e.g. 'Sat, Nov 22'. */
export const formatListDate = (date: string) => formatDate(date, (p) => `${p.day}, ${p.mon} ${p.d}`);

/** spec §9 detail format 'EEE, dd MMM yyyy', e.g. 'Sat, 22 Nov 2025'. */
export const formatDetailDate = (date: string) =>
  formatDate(date, (p) => `${p.day}, ${String(p.d).padStart(2, '0')} ${p.mon} ${p.y}`);

/** spec §2 live display long date, e.g. 'Saturday, 22 November 2025'. */
export const formatLongDate = (date: string) => formatDate(date, (p) => `${p.weekday}, ${p.d} ${p.month} ${p.y}`);

/** spec §2 times shown as HH:MM; accepts 'HH:MM' or 'HH:MM:SS'. */
export function formatTime(t: string): string {
  const { h, min } = parseTime(t);
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
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

/**
 * ' (Europe/London)' after an event's dates and times when the viewer's clocks are in another zone
 * than the event's, else '': the times are always the event's own, as its organiser set them.
 */
export function zoneSuffix(eventZone: string | null | undefined, viewerZone = localTimeZone()): string {
  if (!eventZone) return '';
  const event = canonicalTimeZone(eventZone) ?? eventZone;
  return event === (canonicalTimeZone(viewerZone) ?? viewerZone) ? '' : ` (${zoneName(event)})`;
}
