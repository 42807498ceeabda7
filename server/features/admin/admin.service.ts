import { ADMIN, REVENUE } from '#shared/constants';
import { M } from '#shared/messages';
import type { AdminEventRevenue, AdminOverview, AdminPageViews } from '#shared/schemas/admin';
import type { Deps } from '../../deps';
import {
  allPurchaseRevenue,
  allRevenueRows,
  hasRevenueRows,
  purchaseRevenueTotals,
  storedRevenueTotals,
} from '../revenue/revenue.repo';
import { eventNameOf } from '../revenue/revenue.service';
import { eventNames, pageViewsPerDay, platformCounts, topPages } from './analytics.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** spec §2 Platform Overview and Revenue Analytics; spec §7 revenue fallback when no revenue rows exist. */
export async function adminOverview(deps: Deps): Promise<AdminOverview> {
  const c = await platformCounts(deps.db, deps.clock.now().toISOString());
  const stored = await hasRevenueRows(deps.db);
  const r = stored ? await storedRevenueTotals(deps.db) : await purchaseRevenueTotals(deps.db);
  return {
    platform: {
      totalEvents: c.total_events,
      eventsWithDownloads: c.events_with_downloads,
      totalUsers: c.total_users,
      totalAttendees: c.total_attendees,
      totalMemberships: c.total_memberships,
      payAsYouGoUsers: c.pay_as_you_go_users,
      annualSubscribers: c.annual_subscribers,
    },
    revenue: {
      totalRevenue: r.total_revenue,
      platformShare: r.platform_share,
      platformSharePercent: REVENUE.PLATFORM_SHARE_PERCENT,
      organiserShare: r.organizer_share,
      totalDownloads: r.download_count,
      eventsWithRevenue: r.events,
      activeEvents: c.events_with_downloads,
    },
  };
}

/** spec §2 Revenue by Event, newest download first; a deleted event is "Unknown Event". */
export async function adminRevenueByEvent(deps: Deps): Promise<AdminEventRevenue[]> {
  const stored = await allRevenueRows(deps.db);
  const rows = stored.length > 0 ? stored : await allPurchaseRevenue(deps.db);
  return rows.map((r) => ({
    event_id: r.event_id,
    event_name: eventNameOf(r),
    download_count: r.download_count,
    last_download: r.last_download,
    total_revenue: r.total_revenue,
    platform_share: r.platform_share,
    organizer_share: r.organizer_share,
  }));
}

/** The UTC dates of the window: today (by the injected clock) and the days before it, oldest first. */
export function pageViewWindow(now: Date, days: number = ADMIN.PAGE_VIEW_DAYS) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString());
  return {
    dates: dates.map((d) => d.slice(0, 10)),
    from: dates[0],
    to: new Date(today + DAY_MS).toISOString(),
  };
}

/** Page views per day over the window, every day present (zero when none), and the top pages. */
export async function adminPageViews(deps: Deps): Promise<AdminPageViews> {
  const w = pageViewWindow(deps.clock.now());
  const perDay = new Map((await pageViewsPerDay(deps.db, w.from, w.to)).map((r) => [r.date, r.views]));
  const top = await topPages(deps.db, w.from, w.to, ADMIN.TOP_PAGES);
  const ids = top.map((p) => EVENT_PAGE.exec(p.path)?.[2]).filter((id): id is string => Boolean(id));
  const names = await eventNames(deps.db, [...new Set(ids)]);
  return {
    days: w.dates.map((date) => ({ date, views: perDay.get(date) ?? 0 })),
    topPages: top.map((p) => ({ path: p.path, label: pageLabel(p.path, names), views: p.views })),
  };
}

// The pages that carry an event's id, and what each is to a person reading the admin's list.
const EVENT_PAGE = /^\/(register|event-list|event-display|event-qr|event)\/([0-9a-f-]{36})(\/.*)?$/;
const EVENT_PAGE_KIND: Record<string, string> = {
  register: 'Join page',
  'event-list': 'Attendee list',
  'event-display': 'Live display',
  'event-qr': 'QR display',
  event: 'Event detail',
};

/** "Attendee list · Leeds Tech Social" for an event's page; the path itself for any other. */
export function pageLabel(path: string, names: Map<string, string>): string {
  const m = EVENT_PAGE.exec(path);
  if (!m) return path;
  const kind = m[3] ? `${EVENT_PAGE_KIND[m[1]]} (edit)` : EVENT_PAGE_KIND[m[1]];
  return `${kind} · ${names.get(m[2]) ?? M.events.unknownEvent}`;
}
