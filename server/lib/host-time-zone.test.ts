import { describe, expect, it } from 'vitest';
import { localTimeZone } from '#shared/zone-names';
import { type HostZoneSources, hostTimeZone } from './host-time-zone';

const zones = new Set(['Europe/London', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Etc/UTC', 'UTC']);
const host = (o: Partial<HostZoneSources> & { link?: string }): HostZoneSources => ({
  tz: o.tz,
  readLink:
    o.readLink ??
    (() => {
      if (o.link === undefined) throw Object.assign(new Error('not a link'), { code: 'EINVAL' });
      return o.link;
    }),
  exists: (file) => zones.has(file.replace('/usr/share/zoneinfo/', '')),
});

describe('hostTimeZone (the default TIME_ZONE, read without Intl)', () => {
  it('names the zone /etc/localtime links to', () => {
    expect(hostTimeZone(host({ link: '/usr/share/zoneinfo/Europe/London' }))).toBe('Europe/London');
    expect(hostTimeZone(host({ link: '../usr/share/zoneinfo/America/Argentina/Buenos_Aires' }))).toBe(
      'America/Argentina/Buenos_Aires',
    );
    // the database's posix/ and right/ copies name the same zones
    expect(hostTimeZone(host({ link: '/usr/share/zoneinfo/posix/Europe/London' }))).toBe('Europe/London');
    expect(hostTimeZone(host({ tz: 'right/Europe/Paris' }))).toBe('Europe/Paris');
  });

  it('prefers TZ, as a name, a :name or a zoneinfo path', () => {
    const link = '/usr/share/zoneinfo/Europe/London';
    expect(hostTimeZone(host({ tz: 'Europe/Paris', link }))).toBe('Europe/Paris');
    expect(hostTimeZone(host({ tz: ':Europe/Paris', link }))).toBe('Europe/Paris');
    expect(hostTimeZone(host({ tz: '/usr/share/zoneinfo/Europe/Paris', link }))).toBe('Europe/Paris');
  });

  it("spells the zone database's names of UTC as Intl does", () => {
    expect(hostTimeZone(host({ link: '/usr/share/zoneinfo/Etc/UTC' }))).toBe('UTC');
    expect(hostTimeZone(host({ tz: 'UTC' }))).toBe('UTC');
  });

  it('asks Intl for anything else: a POSIX rule, a zone the database lacks, no link', () => {
    const intl = localTimeZone();
    expect(hostTimeZone(host({ tz: 'CET-1CEST,M3.5.0,M10.5.0/3' }))).toBe(intl);
    expect(hostTimeZone(host({ tz: 'Mars/Olympus_Mons' }))).toBe(intl);
    expect(hostTimeZone(host({ link: '/usr/share/zoneinfo/Mars/Olympus_Mons' }))).toBe(intl);
    expect(hostTimeZone(host({}))).toBe(intl);
  });
});
