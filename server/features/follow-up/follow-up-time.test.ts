import { describe, expect, it } from 'vitest';
import { eventTimeZone, localDayBefore } from '#shared/dates';
import { followUpDueAt, formatInZone } from './follow-up';

// The follow-up mail is due at the erasure's local time one calendar day earlier, in the event's zone.

const dayBefore = (iso: string, zone: string) => localDayBefore(iso, zone).toISOString();

describe('localDayBefore: the same local time one calendar day before', () => {
  it('is 24 hours before in UTC, and in a zone east of UTC without clock changes', () => {
    expect(dayBefore('2026-12-01T21:00:00.000Z', 'UTC')).toBe('2026-11-30T21:00:00.000Z');
    expect(dayBefore('2026-12-01T21:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-30T21:00:00.000Z');
  });

  it('is 23 hours before across the spring change in Europe/London (Monday 00:30 BST → Sunday 00:30 GMT)', () => {
    expect(dayBefore('2027-03-28T23:30:00.000Z', 'Europe/London')).toBe('2027-03-28T00:30:00.000Z');
    expect(dayBefore('2027-03-28T23:30:00.000Z', 'UTC')).toBe('2027-03-27T23:30:00.000Z');
  });

  it('is 25 hours before across the autumn change (Monday 00:30 GMT → Sunday 00:30 BST)', () => {
    expect(dayBefore('2026-10-26T00:30:00.000Z', 'Europe/London')).toBe('2026-10-24T23:30:00.000Z');
    // after the change on the Sunday, both days read GMT: 24 hours
    expect(dayBefore('2026-10-26T09:00:00.000Z', 'Europe/London')).toBe('2026-10-25T09:00:00.000Z');
  });

  it('reads a time the clocks skip with the offset before the change, and a repeated time as its first', () => {
    // Sunday 29 March 2026 01:30 does not exist in London: 02:30 BST, the same instant as 01:30 GMT
    expect(dayBefore('2026-03-30T00:30:00.000Z', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    // Sunday 25 October 2026 01:30 happens twice in London: the first, in BST
    expect(dayBefore('2026-10-26T01:30:00.000Z', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('keeps the milliseconds', () => {
    expect(dayBefore('2026-12-01T21:00:00.123Z', 'Europe/Paris')).toBe('2026-11-30T21:00:00.123Z');
  });
});

describe('the event zone', () => {
  it('is the event’s own, or the server’s TIME_ZONE when it has none', () => {
    expect(eventTimeZone('Europe/London', 'UTC')).toBe('Europe/London');
    expect(eventTimeZone(null, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    const deletion = { scheduled_deletion_date: '2027-03-29T20:00:00.000Z' };
    expect(followUpDueAt({ ...deletion, time_zone: 'Europe/London' }, 'UTC').toISOString()).toBe(
      '2027-03-28T20:00:00.000Z',
    );
    // a zoneless event on a London server: the day before across the spring change is 23 hours
    expect(
      followUpDueAt(
        { scheduled_deletion_date: '2027-03-28T23:30:00.000Z', time_zone: null },
        'Europe/London',
      ).toISOString(),
    ).toBe('2027-03-28T00:30:00.000Z');
  });

  it('names the deletion time as the zone reads it', () => {
    expect(formatInZone('2026-12-01T21:00:00.000Z', 'UTC')).toBe('Tuesday, 1 December 2026 at 21:00 (UTC)');
    expect(formatInZone('2027-06-01T20:00:00.000Z', 'Europe/London')).toBe(
      'Tuesday, 1 June 2027 at 21:00 (Europe/London)',
    );
    expect(formatInZone('2026-12-01T21:00:00.000Z', 'Asia/Tokyo')).toBe(
      'Wednesday, 2 December 2026 at 06:00 (Asia/Tokyo)',
    );
  });
});
