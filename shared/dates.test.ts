import { describe, expect, it } from 'vitest';
import {
  cleanupBadge,
  eventTimeZone,
  formatDetailDate,
  formatInstantDateTime,
  formatInstantTime,
  formatListDate,
  formatLongDate,
  formatTime,
  isUpcoming,
  localDayBefore,
  scheduledDeletionDate,
  todayIso,
  zoneSuffix,
} from './dates';
import { M } from './messages';

const DAY = 24 * 3600_000;

describe('todayIso and isUpcoming (spec §4: UTC date string)', () => {
  const now = new Date('2026-11-22T23:30:00Z');

  it('uses the UTC date', () => {
    expect(todayIso(now)).toBe('2026-11-22');
    expect(todayIso(new Date('2026-11-23T00:00:00+02:00'))).toBe('2026-11-22');
  });

  it('counts today as upcoming and yesterday as past', () => {
    expect(isUpcoming('2026-11-22', now)).toBe(true);
    expect(isUpcoming('2026-11-23', now)).toBe(true);
    expect(isUpcoming('2026-11-21', now)).toBe(false);
    expect(isUpcoming('2025-12-31', now)).toBe(false);
  });
});

describe('scheduledDeletionDate (spec §4: two working days after the end, same time of day) in UTC', () => {
  it.each([
    ['Friday', '2026-11-20', '18:00', '2026-11-24T18:00:00.000Z'],
    ['Thursday', '2026-11-19', '21:45', '2026-11-23T21:45:00.000Z'],
    ['Saturday', '2026-11-21', '10:15', '2026-11-24T10:15:00.000Z'],
    ['Sunday', '2026-11-22', '09:00', '2026-11-24T09:00:00.000Z'],
    ['Monday', '2026-11-23', '17:30', '2026-11-25T17:30:00.000Z'],
    ['Wednesday', '2026-11-25', '12:00:00', '2026-11-27T12:00:00.000Z'],
    ['Thursday across a month end', '2026-12-31', '23:00', '2027-01-04T23:00:00.000Z'],
  ])('%s %s %s → %s', (_day, date, time, expected) => {
    expect(scheduledDeletionDate(date, time, 'UTC').toISOString()).toBe(expected);
  });

  it('rejects malformed input', () => {
    expect(() => scheduledDeletionDate('22/11/2026', '10:00', 'UTC')).toThrow(RangeError);
    expect(() => scheduledDeletionDate('2026-11-22', 'noon', 'UTC')).toThrow(RangeError);
  });
});

// The deadline is the end time of day on the event's own clocks. In 2026 the UK's clocks go forward on
// Sunday 29 March (01:00 GMT → 02:00 BST) and back on Sunday 25 October (02:00 BST → 01:00 GMT);
// Sydney's go back on Sunday 5 April and forward on Sunday 4 October.
describe("scheduledDeletionDate in the event's zone", () => {
  const due = (date: string, time: string, zone: string) => scheduledDeletionDate(date, time, zone).toISOString();

  it('a UK summer event is erased at its end time of day in BST: an hour earlier in UTC than a UTC reckoning', () => {
    // Friday 10 July, ends 21:00 BST → Tuesday 14 July 21:00 BST
    expect(due('2026-07-10', '21:00', 'Europe/London')).toBe('2026-07-14T20:00:00.000Z');
    expect(due('2026-07-10', '21:00', 'UTC')).toBe('2026-07-14T21:00:00.000Z');
  });

  it('a UK winter event is erased at its end time in GMT, which is UTC', () => {
    expect(due('2026-11-20', '18:00', 'Europe/London')).toBe('2026-11-24T18:00:00.000Z');
  });

  it.each([
    // the end in GMT, the erasure in BST: 2 working days and 23 hours later
    ['Thursday 26 March, before the clocks go forward', '2026-03-26', '21:00', '2026-03-30T20:00:00.000Z'],
    ['Friday 27 March, over the weekend they go forward', '2026-03-27', '22:00', '2026-03-31T21:00:00.000Z'],
    ['Saturday 28 March, the night before', '2026-03-28', '23:45', '2026-03-31T22:45:00.000Z'],
    ['Sunday 29 March, the day they go forward', '2026-03-29', '00:30', '2026-03-30T23:30:00.000Z'],
    // the end in BST, the erasure in GMT
    ['Thursday 22 October, before the clocks go back', '2026-10-22', '21:00', '2026-10-26T21:00:00.000Z'],
    ['Friday 23 October, over the weekend they go back', '2026-10-23', '18:00', '2026-10-27T18:00:00.000Z'],
    ['Sunday 25 October, the day they go back', '2026-10-25', '01:30', '2026-10-27T01:30:00.000Z'],
  ])('Europe/London: %s', (_when, date, time, expected) => {
    expect(due(date, time, 'Europe/London')).toBe(expected);
  });

  it('east of UTC (Asia/Tokyo): weekends are Tokyo Saturdays and Sundays, not UTC ones', () => {
    // Friday 20 November 21:00 JST → Tuesday 24 November 21:00 JST
    expect(due('2026-11-20', '21:00', 'Asia/Tokyo')).toBe('2026-11-24T12:00:00.000Z');
    // Saturday 21 November 08:00 JST is still Friday in UTC: counted from the Saturday, so Monday and
    // Tuesday are the two working days (a UTC reckoning of the same instant would give Tuesday 23:00 UTC)
    expect(due('2026-11-21', '08:00', 'Asia/Tokyo')).toBe('2026-11-23T23:00:00.000Z');
    // Monday 23 November 07:00 JST (Sunday in UTC) → Wednesday 25 November 07:00 JST
    expect(due('2026-11-23', '07:00', 'Asia/Tokyo')).toBe('2026-11-24T22:00:00.000Z');
  });

  it('east of UTC with clock changes (Australia/Sydney)', () => {
    // Friday 3 April 20:00 AEDT (+11) → Tuesday 7 April 20:00 AEST (+10), after the clocks went back
    expect(due('2026-04-03', '20:00', 'Australia/Sydney')).toBe('2026-04-07T10:00:00.000Z');
    // Friday 2 October 20:00 AEST (+10) → Tuesday 6 October 20:00 AEDT (+11), after they went forward
    expect(due('2026-10-02', '20:00', 'Australia/Sydney')).toBe('2026-10-06T09:00:00.000Z');
  });

  it('west of UTC (America/New_York): later in UTC than a UTC reckoning', () => {
    expect(due('2026-07-10', '21:00', 'America/New_York')).toBe('2026-07-15T01:00:00.000Z');
  });
});

describe('localDayBefore: the same wall-clock time one calendar day earlier in the zone', () => {
  const dayBefore = (iso: string, zone: string) => localDayBefore(iso, zone).toISOString();

  it('is 24 hours earlier away from a clock change', () => {
    expect(dayBefore('2026-07-14T20:00:00.000Z', 'Europe/London')).toBe('2026-07-13T20:00:00.000Z');
    expect(dayBefore('2026-11-24T12:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-23T12:00:00.000Z');
  });

  it('is 23 or 25 hours earlier across one', () => {
    // Sunday 29 March 12:00 BST → Saturday 28 March 12:00 GMT
    expect(dayBefore('2026-03-29T11:00:00.000Z', 'Europe/London')).toBe('2026-03-28T12:00:00.000Z');
    // Monday 26 October 12:00 GMT → Sunday 25 October 12:00 GMT; Sunday 12:00 GMT → Saturday 12:00 BST
    expect(dayBefore('2026-10-26T12:00:00.000Z', 'Europe/London')).toBe('2026-10-25T12:00:00.000Z');
    expect(dayBefore('2026-10-25T12:00:00.000Z', 'Europe/London')).toBe('2026-10-24T11:00:00.000Z');
  });

  it('a time the clocks skip that day moves forward by the gap; one they show twice is the first', () => {
    // Monday 30 March 01:30 BST → Sunday 29 March 01:30 does not exist → 02:30 BST
    expect(dayBefore('2026-03-30T00:30:00.000Z', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    // Monday 26 October 01:30 GMT → Sunday 25 October 01:30 happens twice → the first, in BST
    expect(dayBefore('2026-10-26T01:30:00.000Z', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe("the event's zone on screens", () => {
  it('eventTimeZone: the event’s own zone, else the server default', () => {
    expect(eventTimeZone('Asia/Tokyo', 'Europe/London')).toBe('Asia/Tokyo');
    expect(eventTimeZone(null, 'Europe/London')).toBe('Europe/London');
  });

  it('formats an instant on the clocks of a zone', () => {
    expect(formatInstantTime('2026-07-14T20:00:00.000Z', 'Europe/London')).toBe('21:00');
    expect(formatInstantTime('2026-07-14T20:00:00.000Z', 'Asia/Tokyo')).toBe('05:00');
    expect(formatInstantDateTime('2026-07-14T20:00:00.000Z', 'Asia/Tokyo')).toBe('15 Jul 2026, 05:00');
    expect(formatInstantDateTime('2026-11-22T18:05:00.000Z', 'UTC')).toBe('22 Nov 2026, 18:05');
    expect(formatInstantTime('not a time', 'UTC')).toBe('not a time');
  });

  it('names the zone only when it differs from the viewer’s', () => {
    expect(zoneSuffix('Europe/London', 'Europe/London')).toBe('');
    expect(zoneSuffix('Europe/London', 'Asia/Tokyo')).toBe(' (Europe/London)');
    expect(zoneSuffix('America/New_York', 'UTC')).toBe(' (America/New York)');
    expect(zoneSuffix('europe/london', 'Europe/London')).toBe('');
    expect(zoneSuffix(null, 'Asia/Tokyo')).toBe('');
  });
});

describe('cleanupBadge (spec §4 data-cleanup badge)', () => {
  const now = new Date('2026-11-10T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const badge = (deleted: boolean, date: string | null) =>
    cleanupBadge({ personal_data_deleted: deleted, scheduled_deletion_date: date }, now);

  it('is Data Cleaned once personal data is deleted', () => {
    expect(badge(true, at(30 * DAY))).toBe('Data Cleaned');
    expect(badge(true, null)).toBe(M.events.badge.dataCleaned);
  });

  it('is Cleaning Soon within 7 days, at exactly 7 days, and when already past', () => {
    expect(badge(false, at(DAY))).toBe('Cleaning Soon');
    expect(badge(false, at(7 * DAY))).toBe('Cleaning Soon');
    expect(badge(false, at(0))).toBe('Cleaning Soon');
    expect(badge(false, at(-3 * DAY))).toBe('Cleaning Soon');
  });

  it('is Active Data beyond 7 days or without a date', () => {
    expect(badge(false, at(7 * DAY + 1))).toBe('Active Data');
    expect(badge(false, at(30 * DAY))).toBe('Active Data');
    expect(badge(false, null)).toBe('Active Data');
  });

  it('accepts a date-only scheduled date (UTC midnight)', () => {
    expect(badge(false, '2026-11-17')).toBe('Cleaning Soon');
    expect(badge(false, '2026-11-18')).toBe('Active Data');
  });
});

describe('date and time formats (spec §9)', () => {
  it('list: EEE, MMM d', () => {
    expect(formatListDate('2025-11-22')).toBe('Sat, Nov 22');
    expect(formatListDate('2026-11-22')).toBe('Sun, Nov 22');
    expect(formatListDate('2026-03-05')).toBe('Thu, Mar 5');
  });

  it('detail: EEE, dd MMM yyyy', () => {
    expect(formatDetailDate('2025-11-22')).toBe('Sat, 22 Nov 2025');
    expect(formatDetailDate('2026-11-22')).toBe('Sun, 22 Nov 2026');
    expect(formatDetailDate('2026-03-05')).toBe('Thu, 05 Mar 2026');
  });

  it('long: weekday, day month year', () => {
    expect(formatLongDate('2025-11-22')).toBe('Saturday, 22 November 2025');
    // written out without a date library (issue 8 B6): the day is the stored one, and a text that is no
    // date comes back as it is rather than as a library's "Invalid Date"
    expect(formatLongDate('2024-02-29T23:30:00Z')).toBe('Thursday, 29 February 2024');
    expect(formatDetailDate('not a date')).toBe('not a date');
  });

  it('time: HH:MM from HH:MM or HH:MM:SS', () => {
    expect(formatTime('09:30')).toBe('09:30');
    expect(formatTime('18:45:00')).toBe('18:45');
    expect(formatTime('7:05')).toBe('07:05');
  });
});
