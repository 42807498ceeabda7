import { describe, expect, it } from 'vitest';
import {
  cleanupBadge,
  formatDetailDate,
  formatListDate,
  formatLongDate,
  formatTime,
  isUpcoming,
  scheduledDeletionDate,
  todayIso,
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

describe('scheduledDeletionDate (spec §4: two working days after the end, same time of day)', () => {
  it.each([
    ['Friday', '2026-11-20', '18:00', '2026-11-24T18:00:00.000Z'],
    ['Thursday', '2026-11-19', '21:45', '2026-11-23T21:45:00.000Z'],
    ['Saturday', '2026-11-21', '10:15', '2026-11-24T10:15:00.000Z'],
    ['Sunday', '2026-11-22', '09:00', '2026-11-24T09:00:00.000Z'],
    ['Monday', '2026-11-23', '17:30', '2026-11-25T17:30:00.000Z'],
    ['Wednesday', '2026-11-25', '12:00:00', '2026-11-27T12:00:00.000Z'],
    ['Thursday across a month end', '2026-12-31', '23:00', '2027-01-04T23:00:00.000Z'],
  ])('%s %s %s → %s', (_day, date, time, expected) => {
    expect(scheduledDeletionDate(date, time).toISOString()).toBe(expected);
  });

  it('rejects malformed input', () => {
    expect(() => scheduledDeletionDate('22/11/2026', '10:00')).toThrow(RangeError);
    expect(() => scheduledDeletionDate('2026-11-22', 'noon')).toThrow(RangeError);
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
