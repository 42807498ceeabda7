import { formatLongDate, formatTime } from '#shared/dates';

// The event's own clock, for the follow-up mail: when it becomes due and how the deletion time reads.
// Stand-ins for the shared helpers of the event time zone work (`eventTimeZone`, `localDayBefore` in
// shared/dates.ts): same names and arguments, so switching is an import.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone an event's times are in: its own, else the server default (UTC until TIME_ZONE exists). */
export function eventTimeZone(zone: string | null | undefined): string {
  if (zone && isTimeZone(zone)) return zone;
  return 'UTC';
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `zone` at `epochMs`, written as if it were UTC (whole seconds). */
function wallMs(zone: string, epochMs: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(epochMs)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/**
 * The instant a wall-clock time in `zone` names. A time a clock change skips is read with the offset
 * before the change (01:30 in London's skipped hour is 02:30 BST); a time it repeats is the first of the two.
 */
function instantOf(zone: string, wall: number): number {
  const before = wall - (wallMs(zone, wall - DAY_MS) - (wall - DAY_MS));
  const after = wall - (wallMs(zone, wall + DAY_MS) - (wall + DAY_MS));
  const fits = [before, after].filter((t) => wallMs(zone, t) === wall);
  return fits.length > 0 ? Math.min(...fits) : before;
}

/** The same local time one calendar day before `instantIso`, in `timeZone` (23, 24 or 25 hours before). */
export function localDayBefore(instantIso: string, timeZone: string): Date {
  const at = new Date(instantIso).getTime();
  const ms = at % 1000 < 0 ? (at % 1000) + 1000 : at % 1000;
  const wall = new Date(wallMs(timeZone, at));
  wall.setUTCDate(wall.getUTCDate() - 1);
  return new Date(instantOf(timeZone, wall.getTime()) + ms);
}

/** e.g. 'Tuesday, 1 December 2026 at 21:00 (Europe/London)': the instant as the event's zone reads it. */
export function formatInZone(instantIso: string, timeZone: string): string {
  const wall = new Date(wallMs(timeZone, new Date(instantIso).getTime())).toISOString();
  return `${formatLongDate(wall.slice(0, 10))} at ${formatTime(wall.slice(11, 16))} (${timeZone})`;
}
