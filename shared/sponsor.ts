import { LIMITS } from './constants';

// spec §5 sponsor URL and UTM fields.

export const UTM_KEYS = ['source', 'medium', 'campaign', 'content', 'term'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** spec §5: on blur, whitespace is removed and https:// is prefixed if missing. '' stays ''. */
export function normalizeUrl(raw: string): string {
  const v = raw.replace(/\s+/g, '');
  if (!v) return '';
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}

// A public host name: dot-separated labels and a top-level label of 2+ characters (punycode allowed).
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;

/** An http(s) address with a real host name and no credentials; anything else is refused. */
export function isValidWebUrl(value: string): boolean {
  if (value.length > LIMITS.URL_MAX) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && HOST.test(u.hostname) && !u.username && !u.password;
  } catch {
    return false;
  }
}

export type SponsorLink = { sponsor_link_url: string | null } & Partial<Record<`sponsor_utm_${UtmKey}`, string | null>>;

/** spec §5: the sponsor URL with every non-empty UTM value appended as utm_*; null when there is no valid URL. */
export function sponsorHref(event: SponsorLink): string | null {
  if (!event.sponsor_link_url) return null;
  const url = normalizeUrl(event.sponsor_link_url);
  if (!isValidWebUrl(url)) return null;
  const u = new URL(url);
  for (const key of UTM_KEYS) {
    const value = event[`sponsor_utm_${key}`]?.trim();
    if (value) u.searchParams.set(`utm_${key}`, value);
  }
  return u.toString();
}
