// IANA time zone names: which are real, how they are spelt and shown. Apart from the clock arithmetic
// (time-zones.ts), so that a page that only names a zone (the join page) does not carry it.

// A zone's name as IANA writes one ('UTC', 'Europe/London', 'America/Argentina/Buenos_Aires',
// 'Etc/GMT+5'): this refuses what Intl also takes but is no IANA name, such as the offset '+01:00'.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
export const TIME_ZONE_MAX = 64;

/** The zone's own spelling of a name Intl knows ('europe/london' → 'Europe/London'), or undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length > TIME_ZONE_MAX || !IANA_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const isTimeZone = (name: string) => canonicalTimeZone(name) !== undefined;

/** The zone this machine (the browser, or the server process) is set to; 'UTC' when it names none. */
export function localTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The zone as a person reads its name: 'Europe/London', 'America/New York'. */
export const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ');

/**
 * ' (Europe/London)' after an event's dates and times when the viewer's clocks are in another zone
 * than the event's, else '': the times are always the event's own, as its organiser set them.
 */
export function zoneSuffix(eventZone: string | null | undefined, viewerZone = localTimeZone()): string {
  if (!eventZone) return '';
  const event = canonicalTimeZone(eventZone) ?? eventZone;
  return event === (canonicalTimeZone(viewerZone) ?? viewerZone) ? '' : ` (${zoneName(event)})`;
}
