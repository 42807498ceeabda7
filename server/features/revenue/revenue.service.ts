import { M } from '#shared/messages';
import type { EventRevenue, RevenueSummary } from '#shared/schemas/revenue';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import {
  countDownloadEvents,
  eventOwner,
  eventPurchaseRevenue,
  eventRevenueRow,
  ownPurchaseRevenue,
  ownRevenueRows,
  type RevenueRow,
} from './revenue.repo';

/** spec §3 "A missing name is shown as Unknown Event". */
export const eventNameOf = (row: RevenueRow) => row.event_name ?? M.events.unknownEvent;

/**
 * spec §3 derived revenue summary, own events only (§6). spec §7 revenue fallback: with no revenue
 * rows, earnings come from the purchases, the organiser share 50% of each amount paid.
 */
export async function revenueSummary(deps: Deps, userId: string): Promise<RevenueSummary> {
  const stored = await ownRevenueRows(deps.db, userId);
  const rows = stored.length > 0 ? stored : await ownPurchaseRevenue(deps.db, userId);
  const sum = (list: RevenueRow[]) => list.reduce((n, r) => n + r.organizer_share, 0);
  return {
    // spec §3 payout status: only pending exists, and pending shares count as pending earnings
    pending_earnings: sum(rows.filter((r) => r.payout_status === 'pending')),
    total_earnings: sum(rows),
    last_payout_date: null,
    events_with_revenue: rows.length,
    events_with_downloads: await countDownloadEvents(deps.db, userId),
    events: rows.map((r) => ({
      event_id: r.event_id,
      event_name: eventNameOf(r),
      total_revenue: r.total_revenue,
      organizer_share: r.organizer_share,
      download_count: r.download_count,
      last_download: r.last_download,
    })),
  };
}

/**
 * spec §3 download revenue summary of one event, for its owner (an administrator may read any).
 * Someone else's event is refused exactly as a missing one, so ids of other events are not confirmed.
 */
export async function eventRevenue(
  deps: Deps,
  user: { id: string; roles: readonly string[] },
  eventId: string,
): Promise<EventRevenue> {
  const isAdmin = user.roles.includes('admin');
  if (!isAdmin) {
    const event = await eventOwner(deps.db, eventId);
    if (!event || event.user_id !== user.id) return fail.notFound(M.events.notFoundOrDenied);
  }
  const row = (await eventRevenueRow(deps.db, eventId)) ?? (await eventPurchaseRevenue(deps.db, eventId));
  if (!row) return null;
  return {
    organizer_share: row.organizer_share,
    total_revenue: row.total_revenue,
    download_count: row.download_count,
    last_download: row.last_download,
  };
}
