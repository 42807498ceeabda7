import { DEFAULTS, DOWNLOADS } from '#shared/constants';

type Format = (typeof DOWNLOADS.FORMATS)[number];

/** download_formats is JSON text in the store; anything unreadable falls back to the default. */
export function parseFormats(json: string): Format[] {
  try {
    const v: unknown = JSON.parse(json);
    if (Array.isArray(v)) return v.filter((f): f is Format => (DOWNLOADS.FORMATS as readonly unknown[]).includes(f));
  } catch {
    // fall through to the default
  }
  return [...DEFAULTS.DOWNLOAD_FORMATS];
}
