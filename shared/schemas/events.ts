import { z } from 'zod';
import { DEFAULTS, DOWNLOADS, LIMITS, PAGE_SIZES, SORTS } from '../constants';
import { M } from '../messages';
import { sanitizeText } from '../sanitize';
import { isValidWebUrl, normalizeUrl } from '../sponsor';
import { canonicalTimeZone, localTimeZone } from '../zone-names';
import { uuidSchema } from './common';

// spec §5 event form. One schema for the Mantine form and the tRPC procedures. Text inputs are
// limited to 50 characters in the UI (LIMITS.TEXT_INPUT_MAX); the server takes the pattern's 100.
// "Not in the past" needs the clock, so the events service checks it (M.eventForm.datePast).

// spec §5: letters (accented included), digits, spaces and - ' , . & @ ( )
// Ours beside them: the typographic forms people paste (en and em dashes, curly quotes, a no-break space).
const NAME_CHAR = /[\p{L}\p{M}0-9 \-',.&@()\u2013\u2014\u2018\u2019\u201C\u201D\u00A0]/u;
export const NAME_PATTERN = new RegExp(`^${NAME_CHAR.source}+$`, 'u');

/** The first character a name may not hold, or undefined. */
export const refusedNameChar = (v: string) => [...v].find((c) => !NAME_CHAR.test(c));

/** The spec's message for a name with a character it may not hold, naming that character. */
export function nameMessage(invalid: string, v: string): string {
  const c = refusedNameChar(v);
  return c === undefined ? invalid : M.eventForm.charRefused(invalid, c);
}
const DATE = /^\d{4}-\d{2}-\d{2}$/;
// spec §5: hour 00-23, minute 00/15/30/45. ':00' seconds (Mantine's TimePicker) are accepted and dropped.
const TIME = /^([01]\d|2[0-3]):(00|15|30|45)(:00)?$/;
/** Only logos this server stored (server/features/storage): content-addressed, re-encoded. */
export const LOGO_PATH = /^\/uploads\/[a-f0-9]{64}\.(png|jpg)$/;

const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A required text: blank gives `required`, a failed check `invalid`; the output is trimmed. */
function requiredText(required: string, valid: (v: string) => boolean, invalid = required) {
  return z
    .string({ error: required })
    .nullish()
    .transform((raw, ctx) => {
      const v = (raw ?? '').trim();
      const message = !v ? required : valid(v) ? undefined : invalid;
      if (message) {
        ctx.issues.push({ code: 'custom', message, input: raw });
        return z.NEVER;
      }
      return v;
    });
}

const nameLike = (message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((raw, ctx) => {
      const v = (raw ?? '').trim();
      const problem = !v
        ? message
        : v.length > LIMITS.NAME_PATTERN_MAX
          ? message
          : NAME_PATTERN.test(v)
            ? undefined
            : nameMessage(message, v);
      if (problem) {
        ctx.issues.push({ code: 'custom', message: problem, input: raw });
        return z.NEVER;
      }
      return v;
    });

const time = (required: string) => requiredText(required, (v) => TIME.test(v), M.eventForm.timeInvalid);

/** Optional free text: trimmed and sanitised; blank is stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? sanitizeText(v).trim() || null : null));

/**
 * The IANA zone the event's date and times are in (README "Configuration": TIME_ZONE), spelt as Intl
 * spells it. Not sent: a new event takes the server's TIME_ZONE, an edited one keeps its zone.
 */
export const timeZoneSchema = z
  .string({ error: M.timeZone.invalid })
  .nullish()
  .transform((raw, ctx) => {
    if (raw == null) return undefined;
    const zone = canonicalTimeZone(raw.trim());
    if (!zone) {
      ctx.issues.push({ code: 'custom', message: M.timeZone.invalid, input: raw });
      return z.NEVER;
    }
    return zone;
  });

const eventFormFields = {
  name: nameLike(M.eventForm.nameInvalid),
  venue: nameLike(M.eventForm.venueInvalid),
  city: nameLike(M.eventForm.cityInvalid),
  event_date: requiredText(M.eventForm.dateRequired, isRealDate, M.eventForm.dateInvalid),
  start_time: time(M.eventForm.startTimeRequired).transform((v) => v.slice(0, 5)),
  end_time: time(M.eventForm.endTimeRequired).transform((v) => v.slice(0, 5)),
  time_zone: timeZoneSchema,
  email_required: z.boolean().default(false),
  phone_required: z.boolean().default(false),
  sponsor_enabled: z.boolean().default(false),
  sponsor_logo_url: z
    .string()
    .regex(LOGO_PATH, { error: M.eventForm.logoInvalid })
    .nullish()
    .transform((v) => v ?? null),
  // spec §5: optional; whitespace removed and https:// prefixed, as the form does on blur.
  sponsor_link_url: z
    .string()
    .nullish()
    .transform((v) => normalizeUrl(v ?? '') || null)
    .refine((v) => v === null || isValidWebUrl(v), {
      error: M.eventForm.invalidUrl('example.com', 'https://example.com'),
    }),
  // spec §3 default "This event is sponsored by: " when not given; blank → null. The trailing space is kept.
  sponsor_text: z
    .string()
    .max(LIMITS.SPONSOR_TEXT_MAX, { error: M.eventForm.sponsorTextTooLong })
    .nullish()
    .transform((v) =>
      v === undefined ? DEFAULTS.SPONSOR_TEXT : v && sanitizeText(v).trim() ? sanitizeText(v).trimStart() : null,
    ),
  sponsor_utm_source: optionalText(LIMITS.UTM_MAX, M.eventForm.utmTooLong),
  sponsor_utm_medium: optionalText(LIMITS.UTM_MAX, M.eventForm.utmTooLong),
  sponsor_utm_campaign: optionalText(LIMITS.UTM_MAX, M.eventForm.utmTooLong),
  sponsor_utm_content: optionalText(LIMITS.UTM_MAX, M.eventForm.utmTooLong),
  sponsor_utm_term: optionalText(LIMITS.UTM_MAX, M.eventForm.utmTooLong),
  download_enabled: z.boolean().default(false),
  // Integer pence; the form shows pounds (shared/money penceToPounds / poundsToPence).
  download_price: z
    .number({ error: M.eventForm.priceInvalid })
    .int({ error: M.eventForm.priceInvalid })
    .min(0, { error: M.eventForm.priceInvalid })
    .max(DOWNLOADS.MAX_PRICE_PENCE, { error: M.eventForm.priceTooHigh })
    // Stripe refuses a GBP charge below its minimum, so such a price could never be bought (negatives: min above).
    .refine((p) => p <= 0 || p >= DOWNLOADS.MIN_PAID_PRICE_PENCE, { error: M.eventForm.priceBelowMinimum })
    .default(0),
  // A format this install does not offer is refused rather than silently dropped (issue 9 offers CSV and PDF).
  download_formats: z
    .array(z.enum(DOWNLOADS.FORMATS))
    .default([...DEFAULTS.DOWNLOAD_FORMATS])
    .refine((v) => v.every((f) => (DOWNLOADS.AVAILABLE_FORMATS as readonly string[]).includes(f)), {
      error: M.eventForm.pdfComingSoon,
    })
    .transform((v) => [...new Set(v)]),
};

type Fields = z.output<z.ZodObject<typeof eventFormFields>>;
const isTime = (v: unknown): v is string => typeof v === 'string' && TIME.test(v);

/** Cross-field rules. `when` lets them run while other fields still fail, so the form shows every error. */
function withRules<S extends z.ZodType<Fields>>(schema: S) {
  return schema
    .refine((v) => v.end_time > v.start_time, {
      error: M.eventForm.endAfterStart,
      path: ['end_time'],
      when: ({ value }) => {
        const v = value as Partial<Record<keyof Fields, unknown>> | undefined;
        return isTime(v?.start_time) && isTime(v?.end_time);
      },
    })
    .refine((v) => !v.download_enabled || v.download_formats.length > 0, {
      error: M.eventForm.formatRequired,
      path: ['download_formats'],
      when: ({ value }) => {
        const v = value as Partial<Record<keyof Fields, unknown>> | undefined;
        return typeof v?.download_enabled === 'boolean' && Array.isArray(v?.download_formats);
      },
    });
}

/** spec §5 event form: create input, and the Mantine form's validation. */
export const eventFormSchema = withRules(z.object(eventFormFields));
export type EventForm = z.output<typeof eventFormSchema>;
export type EventFormInput = z.input<typeof eventFormSchema>;

/** Edit: the whole form plus the event id. */
export const eventUpdateSchema = withRules(z.object({ id: uuidSchema, ...eventFormFields }));
export type EventUpdateInput = z.input<typeof eventUpdateSchema>;

export const eventIdSchema = z.object({ id: uuidSchema });

/** Initial values of an empty create form: the zone is the browser's own. */
export function eventFormDefaults(): EventFormInput {
  return {
    name: '',
    venue: '',
    city: '',
    event_date: null,
    start_time: '',
    end_time: '',
    time_zone: localTimeZone(),
    email_required: false,
    phone_required: false,
    sponsor_enabled: false,
    sponsor_logo_url: null,
    sponsor_link_url: '',
    sponsor_text: DEFAULTS.SPONSOR_TEXT,
    sponsor_utm_source: '',
    sponsor_utm_medium: '',
    sponsor_utm_campaign: '',
    sponsor_utm_content: '',
    sponsor_utm_term: '',
    download_enabled: false,
    download_price: 0,
    download_formats: [...DEFAULTS.DOWNLOAD_FORMATS],
  };
}

export const EVENT_FILTERS = ['upcoming', 'past', 'all'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
export type EventSort = (typeof SORTS.EVENTS)[number];

/** spec §7 events list: filter, page, limit, sort (default: date-asc upcoming, date-desc otherwise). */
export const eventListSchema = z
  .object({
    filter: z.enum(EVENT_FILTERS).default('all'),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(PAGE_SIZES.MAX_LIMIT).default(PAGE_SIZES.EVENTS),
    sort: z.enum(SORTS.EVENTS).optional(),
  })
  .prefault({});
export type EventListInput = z.input<typeof eventListSchema>;
export type EventListQuery = z.output<typeof eventListSchema>;
