import { describe, expect, it } from 'vitest';
import { localDateTime, localMinuteStamper, zonedInstant } from './time-zones';
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

describe('localMinuteStamper: many instants on one zone’s clocks', () => {
  const oneByOne = (iso: string, zone: string) => {
    const { date, time } = localDateTime(iso, zone);
    return `${date} ${time}`;
  };

  it('reads every instant as localDateTime does, across both clock changes and a half-hour zone', () => {
    const cases: [string, string][] = [
      ['Europe/London', '2026-03-29T00:00:00.000Z'], // 01:00 GMT → 02:00 BST
      ['Europe/London', '2026-10-25T00:00:00.000Z'], // 02:00 BST → 01:00 GMT
      ['America/New_York', '2026-11-01T05:00:00.000Z'],
      ['Australia/Adelaide', '2026-10-03T15:30:00.000Z'], // +09:30 → +10:30
      ['Asia/Kathmandu', '2026-11-22T12:00:00.000Z'], // +05:45
    ];
    for (const [zone, around] of cases) {
      const stamp = localMinuteStamper(zone);
      // two hours either side, every 7 min 13.5 s, so instants fall on every second of a minute
      for (let t = Date.parse(around) - 2 * 3_600_000; t <= Date.parse(around) + 2 * 3_600_000; t += 433_500) {
        const iso = new Date(t).toISOString();
        expect(`${zone} ${stamp(iso)}`).toBe(`${zone} ${oneByOne(iso, zone)}`);
      }
    }
  });

  it('keeps the minute a clock change repeats apart by its offset', () => {
    const stamp = localMinuteStamper('Europe/London');
    expect(stamp('2026-10-25T00:30:59.999Z')).toBe('2026-10-25 01:30'); // BST
    expect(stamp('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 01:30'); // GMT, an hour later
    expect(stamp('2026-10-25T01:00:00.000Z')).toBe('2026-10-25 01:00');
    expect(stamp('2026-10-25T00:59:59.999Z')).toBe('2026-10-25 01:59');
  });

  it('gives text that is no instant back as it came', () => {
    expect(localMinuteStamper('UTC')('not a time')).toBe('not a time');
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
