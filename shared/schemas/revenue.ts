import { z } from 'zod';
import { uuidSchema } from './common';

/** revenue.forEvent: the event whose download revenue the detail screen shows. */
export const eventRevenueInputSchema = z.object({ eventId: uuidSchema });
export type EventRevenueInput = z.infer<typeof eventRevenueInputSchema>;

// Wire shapes, named as spec §3 names them ("Derived revenue summary", "Download revenue summary").
// Money is integer pence; dates are ISO timestamps.

/** spec §3 derived revenue summary, one row: an own event's download revenue. */
export const revenueEventSchema = z.object({
  event_id: z.string(),
  event_name: z.string(),
  total_revenue: z.number().int(),
  organizer_share: z.number().int(),
  download_count: z.number().int(),
  last_download: z.string().nullable(),
});
export type RevenueEvent = z.infer<typeof revenueEventSchema>;

/** spec §3 derived revenue summary (organiser); last_payout_date is always empty (§3 payout status). */
export const revenueSummarySchema = z.object({
  pending_earnings: z.number().int(),
  total_earnings: z.number().int(),
  last_payout_date: z.null(),
  events_with_revenue: z.number().int(),
  /** Own events with downloads switched on now, sold or not (the dashboard's "Events with downloads"). */
  events_with_downloads: z.number().int(),
  events: z.array(revenueEventSchema),
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

/** spec §3 download revenue summary (event detail); null when the event has sold nothing. */
export const eventRevenueSchema = z
  .object({
    organizer_share: z.number().int(),
    total_revenue: z.number().int(),
    download_count: z.number().int(),
    last_download: z.string().nullable(),
  })
  .nullable();
export type EventRevenue = z.infer<typeof eventRevenueSchema>;
