import { z } from 'zod';
import { ATTENDEES, DOWNLOADS, LIMITS, PAGE_SIZES, PRIVACY, SORTS } from '../constants';
import { M } from '../messages';
import { sanitizeText } from '../sanitize';
import { uuidSchema } from './common';
import { NAME_PATTERN, nameMessage } from './events';
import { optionalPhoto, requiredPhoto } from './photo-text';

// spec §5 attendee registration and edit registration: one schema for the form and the procedure.
// Whether e-mail and phone are required depends on the event, so the schemas are functions of its
// two flags; the procedure input takes them as optional and the server re-checks with the event's.

export type EventRules = { email_required: boolean; phone_required: boolean };
const NO_RULES: EventRules = { email_required: false, phone_required: false };

const EMAIL_MAX = 254; // RFC 5321 path limit
// spec §5: 10 or more digits, spaces, dashes, brackets, with an optional +
const PHONE = /^\+?[\d\s\-()]+$/;

// The photo rules live without zod so the join page can check a file before this module loads.
export { PHOTO_MESSAGES, photoFileProblem } from '../photo-rules';

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** A person's name: the event-name rule (spec §5 "only valid characters"); blank gives `required`. */
function personName(required: string, invalid: string) {
  return z
    .string({ error: required })
    .nullish()
    .transform((raw, ctx) => {
      if (blank(raw)) {
        ctx.issues.push({ code: 'custom', message: required, input: raw });
        return z.NEVER;
      }
      const v = (raw ?? '').trim();
      if (v.length > LIMITS.NAME_PATTERN_MAX || !NAME_PATTERN.test(v)) {
        const message = v.length > LIMITS.NAME_PATTERN_MAX ? invalid : nameMessage(invalid, v);
        ctx.issues.push({ code: 'custom', message, input: raw });
        return z.NEVER;
      }
      return v;
    });
}

/** Optional unless `required` is given; blank is null; a value given must pass `valid`. */
function optionalContact(required: string | undefined, invalid: string, valid: (v: string) => boolean) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((raw, ctx): string | null => {
      if (blank(raw)) {
        if (required) ctx.issues.push({ code: 'custom', message: required, input: raw });
        return null;
      }
      const v = (raw ?? '').trim();
      if (!valid(v)) {
        ctx.issues.push({ code: 'custom', message: invalid, input: raw });
        return z.NEVER;
      }
      return v;
    });
}

const isEmail = (v: string) => v.length <= EMAIL_MAX && z.regexes.email.test(v);
const isPhone = (v: string) => v.length >= LIMITS.PHONE_MIN_LENGTH && v.length <= ATTENDEES.PHONE_MAX && PHONE.test(v);

const email = (required?: string) =>
  optionalContact(required, M.attendees.invalidEmail, isEmail).transform((v) => v?.toLowerCase() ?? null);
const phone = (required?: string) => optionalContact(required, M.attendees.invalidPhone, isPhone);

/** spec §5: at most 300 characters (as the counter shows them), sanitised; blank is null. */
const headline = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const v = (raw ?? '').trim();
    if (v.length > LIMITS.HEADLINE_MAX) {
      ctx.issues.push({ code: 'custom', message: M.attendees.headlineTooLong, input: raw });
      return z.NEVER;
    }
    return sanitizeText(v).trim() || null;
  });

/** Who sees the entry's e-mail and phone besides the organiser (docs/privacy.md). */
export const contactVisibilitySchema = z.enum(PRIVACY.CONTACT_VISIBILITY);
export type ContactVisibility = z.output<typeof contactVisibilitySchema>;

/** What the attendee lets others see: at join the defaults apply to what is not sent. */
const choiceFields = {
  contact_visibility: contactVisibilitySchema.default(PRIVACY.DEFAULT_CONTACT_VISIBILITY),
  show_on_display: z.boolean().default(PRIVACY.SHOW_ON_DISPLAY_DEFAULT),
  share_in_download: z.boolean().default(PRIVACY.SHARE_IN_DOWNLOAD_DEFAULT),
};
/** On edit, a choice not sent stays as it is. */
const editChoiceFields = {
  contact_visibility: contactVisibilitySchema.optional(),
  show_on_display: z.boolean().optional(),
  share_in_download: z.boolean().optional(),
};

const joinFields = (rules: EventRules) => ({
  first_name: personName(M.attendees.firstNameInvalid, M.attendees.firstNameInvalid),
  last_name: personName(M.attendees.lastNameInvalid, M.attendees.lastNameInvalid),
  email: email(rules.email_required ? M.attendees.emailRequiredForEvent : undefined),
  phone: phone(rules.phone_required ? M.attendees.phoneRequiredForEvent : undefined),
  headline,
  photo: requiredPhoto,
  ...choiceFields,
});

// spec §5 edit registration: its own texts; the photo is optional (none keeps the current one).
const editFields = (rules: EventRules) => ({
  first_name: personName(M.attendees.missingInfoBody, M.attendees.firstNameInvalid),
  last_name: personName(M.attendees.missingInfoBody, M.attendees.lastNameInvalid),
  email: email(rules.email_required ? M.attendees.emailRequired : undefined),
  phone: phone(rules.phone_required ? M.attendees.phoneRequired : undefined),
  headline,
  photo: optionalPhoto,
  ...editChoiceFields,
});

/** spec §5 attendee registration: the join form, for an event's rules. */
export const registrationSchema = (rules: EventRules = NO_RULES) => z.object(joinFields(rules));
export type RegistrationForm = z.output<ReturnType<typeof registrationSchema>>;

/** spec §5 edit registration: the edit form, for an event's rules. `photo` null keeps the current one. */
export const editRegistrationSchema = (rules: EventRules = NO_RULES) => z.object(editFields(rules));
export type EditRegistrationForm = z.output<ReturnType<typeof editRegistrationSchema>>;

/** spec §3 registration_token: made by the browser (a UUID), kept in its localStorage; only a hash is stored. */
export const registrationTokenSchema = z
  .string()
  .min(ATTENDEES.TOKEN_MIN)
  .max(ATTENDEES.TOKEN_MAX)
  .regex(/^[A-Za-z0-9_-]+$/);

const eventId = uuidSchema;

/** The join procedure's input: the form (e-mail and phone checked again against the event) plus ids. */
export const joinSchema = z.object({ eventId, token: registrationTokenSchema, ...joinFields(NO_RULES) });
export type JoinInput = z.input<typeof joinSchema>;

/** The edit procedure's input: the edit form plus the entry and the browser's proof of owning it. */
export const updateRegistrationSchema = z.object({
  eventId,
  registrationId: uuidSchema,
  token: registrationTokenSchema,
  ...editFields(NO_RULES),
});
export type UpdateRegistrationInput = z.input<typeof updateRegistrationSchema>;

/** Which entry of an event, if any, one of the browser's stored tokens owns. */
export const mineSchema = z.object({
  eventId,
  tokens: z.array(registrationTokenSchema).max(ATTENDEES.TOKENS_PER_LOOKUP),
});

/** The edit page's check: does this token own this entry? */
export const editableSchema = z.object({ eventId, registrationId: uuidSchema, token: registrationTokenSchema });

export const eventRefSchema = z.object({ eventId });
export const registrationRefSchema = z.object({ id: uuidSchema });

export type RegistrationSort = (typeof SORTS.REGISTRATIONS)[number];

/** spec §7 attendee list: search, sort (default newest), page, limit (10); spec §2 pinned first. */
export const registrationListSchema = z.object({
  eventId,
  // control characters are in no name or e-mail address (and PostgreSQL refuses a NUL in any text)
  search: z
    .string()
    .trim()
    .max(ATTENDEES.SEARCH_MAX)
    .default('')
    .transform((v) => v.replace(/\p{Cc}/gu, '').trim()),
  sortBy: z.enum(SORTS.REGISTRATIONS).default('newest'),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(PAGE_SIZES.MAX_LIMIT).default(PAGE_SIZES.ATTENDEE_LIST),
  // spec §2: the browser's pins (ids kept per event) come first, across pages, then the chosen sort. An
  // attendee's own pins are on the server (listAsAttendee reads them there).
  pinned: z.array(uuidSchema).max(ATTENDEES.MAX_PINS).default([]),
  // the venue screen: only the entries that show there
  display: z.boolean().default(false),
});
export type RegistrationListInput = z.input<typeof registrationListSchema>;

/** An attendee viewing the room: their entry and the browser's proof of owning it. */
export const viewerSchema = z.object({ registrationId: uuidSchema, token: registrationTokenSchema });
export type Viewer = z.output<typeof viewerSchema>;

/** The public list as one attendee sees it (their connections' contacts, their pins first). */
export const attendeeListSchema = registrationListSchema.extend({ viewer: viewerSchema });
export type RegistrationListQuery = z.output<typeof registrationListSchema>;

// Wire shapes of the public procedures (their .output()): only these fields leave the server.

/**
 * spec §3 event_registrations as the organiser and the entry's own browser see it: every field and the
 * attendee's choices. Never the token.
 */
export const registrationDtoSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  headline: z.string().nullable(),
  photo_url: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  /** Checked out after checking in: here now is checked in and not checked out. */
  checked_out_at: z.string().nullable(),
  contact_visibility: contactVisibilitySchema,
  show_on_display: z.boolean(),
  share_in_download: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RegistrationDto = z.output<typeof registrationDtoSchema>;

/**
 * An entry as one viewer of the public list sees it (docs/privacy.md): e-mail and phone only where the
 * entry's choice lets this viewer see them (null otherwise), `connected` when the viewer and the entry
 * pinned each other, `on_display` for the venue screen.
 */
export const attendeeDtoSchema = registrationDtoSchema
  .omit({ contact_visibility: true, show_on_display: true, share_in_download: true })
  .extend({ connected: z.boolean(), on_display: z.boolean() });
export type AttendeeDto = z.output<typeof attendeeDtoSchema>;

/** What the public pages (/register, /event-list, /event-display, /event-qr) know about an event. Not its owner. */
export const publicEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  venue: z.string(),
  city: z.string(),
  event_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** The IANA zone the date and times are in (the event's own, else the server's TIME_ZONE). */
  time_zone: z.string(),
  email_required: z.boolean(),
  phone_required: z.boolean(),
  sponsor_enabled: z.boolean(),
  sponsor_logo_url: z.string().nullable(),
  sponsor_link_url: z.string().nullable(),
  sponsor_text: z.string().nullable(),
  sponsor_utm_source: z.string().nullable(),
  sponsor_utm_medium: z.string().nullable(),
  sponsor_utm_campaign: z.string().nullable(),
  sponsor_utm_content: z.string().nullable(),
  sponsor_utm_term: z.string().nullable(),
  download_enabled: z.boolean(),
  download_price: z.number(),
  download_formats: z.array(z.enum(DOWNLOADS.FORMATS)),
  personal_data_deleted: z.boolean(),
  attendee_count: z.number(),
  scheduled_deletion_date: z.string().nullable(),
  join_code: z.string(),
});
export type PublicEventDto = z.output<typeof publicEventSchema>;

const paginationSchema = z.object({ total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });

/** spec §3 attendee list response. */
export const registrationListResponseSchema = z.object({
  registrations: z.array(registrationDtoSchema),
  pagination: paginationSchema,
  totalRegistrations: z.number(),
  /** Checked in and not checked out, counted from the rows. */
  hereNowCount: z.number(),
});
export type RegistrationListResponse = z.output<typeof registrationListResponseSchema>;

/** The public list's response: each entry as this viewer may see it. */
export const attendeeListResponseSchema = registrationListResponseSchema.extend({
  registrations: z.array(attendeeDtoSchema),
  /** The entries this attendee pinned (kept on the server); empty for a visitor. */
  pinned: z.array(z.string()),
});
export type AttendeeListResponse = z.output<typeof attendeeListResponseSchema>;
