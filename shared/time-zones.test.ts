import { describe, expect, it } from 'vitest';
import { localDateTime, zonedInstant } from './time-zones';
import { canonicalTimeZone, isTimeZone } from './zone-names';

const wall = (date: string, time: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return { y, m, d, h, min, s: 0 };
};
const at = (date: string, time: string, zone: string) => zonedInstant(wall(date, time), zone).toISOString();

describe('zonedInstant: the instant a zone’s clocks show a wall-clock time', () => {
  it('reads the offset in force', () => {
    expect(at('2026-01-15', '18:00', 'Europe/London')).toBe('2026-01-15T18:00:00.000Z');
    expect(at('2026-07-15', '18:00', 'Europe/London')).toBe('2026-07-15T17:00:00.000Z');
    expect(at('2026-07-15', '18:00', 'Asia/Kolkata')).toBe('2026-07-15T12:30:00.000Z');
    expect(at('2026-07-15', '18:00', 'UTC')).toBe('2026-07-15T18:00:00.000Z');
  });

  it('a time the clocks skip is read with the offset from before the jump (London 01:30 → 02:30 BST)', () => {
    expect(at('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(localDateTime('2026-03-29T01:30:00.000Z', 'Europe/London')).toEqual({ date: '2026-03-29', time: '02:30' });
    // the times either side of the gap are as the clocks show them
    expect(at('2026-03-29', '00:59', 'Europe/London')).toBe('2026-03-29T00:59:00.000Z');
    expect(at('2026-03-29', '02:00', 'Europe/London')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('a time the clocks show twice is the first of the two (London 01:30 BST, not GMT)', () => {
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '02:00', 'Europe/London')).toBe('2026-10-25T02:00:00.000Z');
    // Sydney goes back at 03:00 AEDT on 5 April: 02:30 happens twice, the first in AEDT (+11)
    expect(at('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
  });
});

describe('time zone names', () => {
  it('takes IANA names as Intl spells them', () => {
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    // an alias is taken, spelt as this engine's time zone data spells it (which differs between versions)
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Etc/GMT+5')).toBe(true);
  });

  it.each(['Mars/Olympus_Mons', 'Europe/Londn', '+01:00', '', 'Europe London', 'UTC; DROP TABLE', 'A'.repeat(80)])(
    'refuses %j',
    (name) => {
      expect(isTimeZone(name)).toBe(false);
    },
  );
});
