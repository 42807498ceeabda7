import { z } from 'zod';
import { ATTENDEES } from '../constants';
import { uuidSchema } from './common';
import { viewerSchema } from './registrations';

// Pins kept on the server against the pinning attendee's entry (docs/privacy.md): two attendees who pinned
// each other are connected.

/** Pin or unpin one entry of the event, as the viewer. */
export const pinSchema = z.object({ eventId: uuidSchema, viewer: viewerSchema, registrationId: uuidSchema });

/** The pins this browser kept before pins were kept on the server, sent up once. */
export const syncPinsSchema = z.object({
  eventId: uuidSchema,
  viewer: viewerSchema,
  pinned: z.array(uuidSchema).max(ATTENDEES.MAX_PINS),
});

export const pinResultSchema = z.object({ pinned: z.boolean(), connected: z.boolean() });
