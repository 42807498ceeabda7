import { z } from 'zod';
import { uuidSchema } from './common';
import { viewerSchema } from './registrations';

/**
 * A live subscription to one event. tRPC's wsLink adds `lastEventId` (the last tracked id it received)
 * when it resubscribes after a reconnect; a client may also pass the cursor its page was loaded at.
 * A value that is not a sequence number is treated as unknown (the subscriber is told to refetch).
 */
export const liveSubscriptionSchema = z.object({
  eventId: uuidSchema,
  lastEventId: z.string().max(20).nullish(),
  /** An attendee of the event: their connections' contacts come with the changes (over a WebSocket only). */
  viewer: viewerSchema.optional(),
});
export type LiveSubscriptionInput = z.input<typeof liveSubscriptionSchema>;

/** The cursor a page reads before it loads its list, then subscribes from (nothing falls between). */
export const liveCursorSchema = z.object({ eventId: uuidSchema });
