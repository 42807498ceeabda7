import { z } from 'zod';

// Wire shapes of the admin dashboard (spec §2 /admin, §7 admin counts and revenue). Money in pence.
const count = z.number().int().nonnegative();

/** spec §2 Platform Overview and Revenue Analytics, §7 "Admin counts". */
export const adminOverviewSchema = z.object({
  platform: z.object({
    totalEvents: count,
    eventsWithDownloads: count,
    totalUsers: count,
    totalAttendees: count,
    totalMemberships: count,
    payAsYouGoUsers: count,
    annualSubscribers: count,
  }),
  revenue: z.object({
    totalRevenue: count,
    platformShare: count,
    platformSharePercent: z.number(),
    organiserShare: count,
    totalDownloads: count,
    eventsWithRevenue: count,
    activeEvents: count,
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** spec §2 Revenue by Event, one row; event_name falls back to "Unknown Event" for a deleted event. */
export const adminEventRevenueSchema = z.object({
  event_id: z.string(),
  event_name: z.string(),
  download_count: count,
  last_download: z.string().nullable(),
  total_revenue: count,
  platform_share: count,
  organizer_share: count,
});
export const adminRevenueByEventSchema = z.array(adminEventRevenueSchema);
export type AdminEventRevenue = z.infer<typeof adminEventRevenueSchema>;

/** Page views per UTC day (every day of the window, zero-filled) and the most viewed paths. */
export const adminPageViewsSchema = z.object({
  days: z.array(z.object({ date: z.string(), views: count })),
  topPages: z.array(z.object({ path: z.string(), label: z.string(), views: count })),
});
export type AdminPageViews = z.infer<typeof adminPageViewsSchema>;
