import { z } from 'zod';
import { uuidSchema } from './common';
import { contactVisibilitySchema, registrationDtoSchema, registrationTokenSchema } from './registrations';

// An attendee's own copy of their data, and their own removal from the room (docs/privacy.md). Both are
// proved by the browser's registration token, so both are mutations: a token never goes into a URL.

/** Which entry, and the browser's proof of owning it. */
export const myDataRequestSchema = z.object({
  eventId: uuidSchema,
  registrationId: uuidSchema,
  token: registrationTokenSchema,
});
export type MyDataRequest = z.input<typeof myDataRequestSchema>;

/** Someone the attendee pinned: the id and the name they saw, and when they pinned them. */
const pinSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  pinned_at: z.string(),
});

/**
 * Someone the attendee is connected with (each pinned the other): e-mail and phone only where that
 * person's choice lets their connections see them, null otherwise.
 */
const connectionSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  headline: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** Everything the room holds of one attendee, and what their connections share with them. */
export const myDataSchema = z.object({
  exported_at: z.string(),
  event: z.object({
    id: z.string(),
    name: z.string(),
    venue: z.string(),
    city: z.string(),
    event_date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    scheduled_deletion_date: z.string().nullable(),
  }),
  entry: registrationDtoSchema.omit({
    event_id: true,
    contact_visibility: true,
    show_on_display: true,
    share_in_download: true,
  }),
  choices: z.object({
    contact_visibility: contactVisibilitySchema,
    show_on_display: z.boolean(),
    share_in_download: z.boolean(),
  }),
  pins: z.array(pinSchema),
  connections: z.array(connectionSchema),
});
export type MyData = z.output<typeof myDataSchema>;

/** What a removal answers: the entry that is gone. */
export const myRemovalSchema = z.object({ id: z.string(), event_id: z.string() });
