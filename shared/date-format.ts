// Stored dates ('YYYY-MM-DD') and times ('HH:MM') as screens write them; shared/dates.ts re-exports them.

/** The hours, minutes and seconds of 'HH:MM' or 'HH:MM:SS'; a RangeError for anything else. */
export function parseTime(time: string): { h: number; min: number; s: number } {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time);
  if (!match) throw new RangeError(`Invalid time: ${time}`);
  return { h: Number(match[1]), min: Number(match[2]), s: Number(match[3] ?? 0) };
}

// The stored calendar day, read from the 'YYYY-MM-DD' string itself, so it is the same in
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
export function formatDate(date: string, format: (p: DateParts) => string): string {
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
