// IANA time zone names: which are real, how they are spelt and shown. Apart from the clock arithmetic
// (time-zones.ts), so that a page that only names a zone (the join page) does not carry it.

// A zone's name as IANA writes one ('UTC', 'Europe/London', 'America/Argentina/Buenos_Aires',
// 'Etc/GMT+5'): this refuses what Intl also takes but is no IANA name, such as the offset '+01:00'.
export const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
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

// Temporal where the runtime has it (Chromium 144+, Firefox 139+): it names and compares zones in ~0.3 ms,
// where a page's first Intl date format costs a phone's main thread 11–28 ms of a desktop's, times its
// slowdown (bench B7: the join page). Elsewhere (Node 20, Safari) Intl, as before.
type Zoned = { timeZoneId: string; equals(other: Zoned): boolean; toPlainDate(): { toString(): string } };
type TemporalApi = {
  Now: { timeZoneId(): string };
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): Zoned } };
};
const temporal = () => (globalThis as { Temporal?: TemporalApi }).Temporal;

/** The zone this machine (the browser, or the server process) is set to; 'UTC' when it names none. */
export function localTimeZone(): string {
  const named = temporal()?.Now.timeZoneId();
  if (named && IANA_NAME.test(named)) return named;
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The calendar day (YYYY-MM-DD) of an instant on a zone's clocks, with Temporal; undefined without it. */
export function zonedDayWithTemporal(iso: string, timeZone: string): string | undefined {
  const t = temporal();
  if (!t) return undefined;
  try {
    return t.Instant.fromEpochMilliseconds(Date.parse(iso)).toZonedDateTimeISO(timeZone).toPlainDate().toString();
  } catch {
    return undefined;
  }
}

/** The zone as a person reads its name: 'Europe/London', 'America/New York'. */
export const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ');

/**
 * ' (Europe/London)' after an event's dates and times when the viewer's clocks are in another zone
 * than the event's, else '': the times are always the event's own, as its organiser set them.
 */
export function zoneSuffix(eventZone: string | null | undefined, viewerZone = localTimeZone()): string {
  if (!eventZone || eventZone === viewerZone) return '';
  const t = temporal();
  if (t) {
    try {
      // equal when both name one zone, a link and its target included ('Asia/Calcutta', 'Asia/Kolkata')
      const at = t.Instant.fromEpochMilliseconds(0);
      const event = at.toZonedDateTimeISO(eventZone);
      return event.equals(at.toZonedDateTimeISO(viewerZone)) ? '' : ` (${zoneName(event.timeZoneId)})`;
    } catch {
      // a name Temporal does not take: Intl decides, as without Temporal
    }
  }
  const event = canonicalTimeZone(eventZone) ?? eventZone;
  return event === (canonicalTimeZone(viewerZone) ?? viewerZone) ? '' : ` (${zoneName(event)})`;
}
