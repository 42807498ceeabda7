import { z } from 'zod';
import { uuidSchema } from './common';

/** spec §2 "Delete Attendee Data Now" on one event (§7 manual_gdpr_cleanup takes event_id). */
export const cleanupNowSchema = z.object({ eventId: uuidSchema });
