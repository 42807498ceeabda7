// An event's wall-clock times are in its IANA time zone (events.time_zone; null: the server's TIME_ZONE).
// Everything here is built on Intl alone, which every browser and Node already carry: the public pages
// load no date library for it.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// One formatter per zone, made on first use (making one costs ~0.1 ms; each event page needs one or two).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A wall-clock moment: calendar fields as the clocks on the wall in some zone show them. */
export type WallClock = { y: number; m: number; d: number; h: number; min: number; s: number };

/** What the clocks in `timeZone` show at `instantMs`, with the weekday (0 Sunday … 6 Saturday). */
export function wallClockAt(instantMs: number, timeZone: string): WallClock & { weekday: number } {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday),
  };
}

const asUtc = (w: WallClock) => Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);

/** The zone's offset from UTC at an instant, in ms (Europe/London in summer: +3,600,000). */
const offsetAt = (instantMs: number, timeZone: string) =>
  asUtc(wallClockAt(instantMs, timeZone)) - Math.floor(instantMs / 1000) * 1000;

/**
 * The instant the clocks in `timeZone` show `wall`. Where the clocks jump (a daylight-saving change),
 * the rule is Temporal's "compatible" one, as calendars apply it:
 * - a time the clocks skip (01:30 on the spring-forward night in London) is read with the offset from
 *   before the change, which lands that much later (02:30 BST, the instant 01:30 UTC);
 * - a time the clocks show twice (01:30 on the fall-back night) is the first of the two (01:30 BST).
 * A zone changes its offset at most once in any two days, so the offsets a day either side are the two
 * candidates.
 */
export function zonedInstant(wall: WallClock, timeZone: string): Date {
  const local = asUtc(wall);
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const shows = (t: number) => asUtc(wallClockAt(t, timeZone)) === local;
  const candidates = [local - before, local - after].filter(shows);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(local - before);
}

/** The calendar date `days` after (or before) y-m-d, as plain calendar arithmetic (no zone involved). */
export function addCalendarDays(w: WallClock, days: number): WallClock {
  const t = new Date(Date.UTC(w.y, w.m - 1, w.d + days));
  return { ...w, y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The weekday (0 Sunday … 6 Saturday) of a calendar date. */
export const weekdayOf = (w: Pick<WallClock, 'y' | 'm' | 'd'>) => new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay();

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as its date ('YYYY-MM-DD') and time ('HH:MM') on the clocks of `timeZone`. */
export function localDateTime(instant: string | Date, timeZone: string): { date: string; time: string } {
  const w = wallClockAt(new Date(instant).getTime(), timeZone);
  return { date: `${w.y}-${pad(w.m)}-${pad(w.d)}`, time: `${pad(w.h)}:${pad(w.min)}` };
}

/**
 * A reader of many instants on one zone's clocks, each as 'YYYY-MM-DD HH:MM' (what `localDateTime`
 * gives): a whole list's times (the attendee CSV: thousands of rows) without one Intl call each
 * (~10 µs). The zone's offset is asked once per minute of time met, and zones change their offsets
 * only on whole minutes. Text that is no instant comes back as it is.
 */
export function localMinuteStamper(timeZone: string): (instant: string) => string {
  const offsets = new Map<number, number>();
  return (instant) => {
    const ms = Date.parse(instant);
    if (Number.isNaN(ms)) return instant;
    const minute = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
    let offset = offsets.get(minute);
    if (offset === undefined) {
      offset = offsetAt(minute, timeZone);
      offsets.set(minute, offset);
    }
    const local = new Date(ms + offset).toISOString();
    return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
  };
}
