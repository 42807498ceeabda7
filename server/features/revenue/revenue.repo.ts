import { type Kysely, sql, type Transaction } from 'kysely';
import { REVENUE } from '#shared/constants';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** The owner's events that sell downloads now (the Revenue card's "Events with downloads"). */
export async function countDownloadEvents(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('download_enabled', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Download revenue per event (spec §3 download_revenue), and the same figures computed from
// download_purchases for the spec §7 "Revenue fallback" (no revenue rows yet). Owner-scoped functions
// take userId and put it in the WHERE; the unscoped ones are for the administrator only.

/** One event's revenue: the stored row, or purchases summed in the same shape. */
export interface RevenueRow {
  event_id: string;
  /** null when the event is gone (revenue rows have no foreign key: spec "Unknown Event"). */
  event_name: string | null;
  total_revenue: number;
  organizer_share: number;
  platform_share: number;
  download_count: number;
  last_download: string | null;
  payout_status: 'pending';
}

function revenueRows(db: Q) {
  return db
    .selectFrom('download_revenue as r')
    .leftJoin('events as e', 'e.id', 'r.event_id')
    .select([
      'r.event_id',
      'e.name as event_name',
      'r.total_revenue',
      'r.organizer_share',
      'r.witr_share as platform_share',
      'r.download_count',
      'r.last_download',
      'r.payout_status',
    ])
    .orderBy('r.last_download', 'desc')
    .orderBy('r.event_id');
}

// spec §1, §9: the organiser share of each purchase, rounded down as splitRevenue does (the platform
// keeps the odd penny). Integer division in SQLite truncates, which is floor for amounts >= 0.
const ORGANISER_SHARE = sql.lit(REVENUE.ORGANISER_SHARE_PERCENT);
const organiserShareSql = sql<number>`coalesce(sum(p.amount_paid * ${ORGANISER_SHARE} / 100), 0)`;

function purchaseRows(db: Q) {
  return db
    .selectFrom('download_purchases as p')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .select([
      'p.event_id',
      sql<string | null>`max(e.name)`.as('event_name'),
      sql<number>`coalesce(sum(p.amount_paid), 0)`.as('total_revenue'),
      organiserShareSql.as('organizer_share'),
      sql<number>`coalesce(sum(p.amount_paid), 0) - ${organiserShareSql}`.as('platform_share'),
      sql<number>`count(*)`.as('download_count'),
      sql<string | null>`max(p.created_at)`.as('last_download'),
      sql<'pending'>`'pending'`.as('payout_status'),
    ])
    .groupBy('p.event_id')
    .orderBy(sql`max(p.created_at)`, 'desc')
    .orderBy('p.event_id');
}

/** spec §7 organiser revenue: revenue rows of the user's own events, newest download first. */
export function ownRevenueRows(db: Q, userId: string): Promise<RevenueRow[]> {
  return revenueRows(db).where('r.organizer_id', '=', userId).execute();
}

/** spec §7 organiser purchases, summed per own event (the revenue fallback). */
export function ownPurchaseRevenue(db: Q, userId: string): Promise<RevenueRow[]> {
  return purchaseRows(db).where('p.organizer_id', '=', userId).execute();
}

/** The owner of an event, or undefined when there is no such event. */
export function eventOwner(db: Q, eventId: string) {
  return db.selectFrom('events').select(['id', 'user_id']).where('id', '=', eventId).executeTakeFirst();
}

/** One event's revenue row (for its owner or an administrator: the caller checks). */
export function eventRevenueRow(db: Q, eventId: string): Promise<RevenueRow | undefined> {
  return revenueRows(db).where('r.event_id', '=', eventId).executeTakeFirst();
}

/** One event's purchases summed (the fallback when it has no revenue row). */
export function eventPurchaseRevenue(db: Q, eventId: string): Promise<RevenueRow | undefined> {
  return purchaseRows(db).where('p.event_id', '=', eventId).executeTakeFirst();
}

/** Administrator only (spec §7 admin revenue): every revenue row, deleted events included. */
export function allRevenueRows(db: Q): Promise<RevenueRow[]> {
  return revenueRows(db).execute();
}

/** Administrator only (spec §7 admin fallback): every event's purchases summed. */
export function allPurchaseRevenue(db: Q): Promise<RevenueRow[]> {
  return purchaseRows(db).execute();
}

/** Whether any revenue row exists: the spec's fallback applies only when none does. */
export async function hasRevenueRows(db: Q): Promise<boolean> {
  return (await db.selectFrom('download_revenue').select('event_id').limit(1).executeTakeFirst()) !== undefined;
}

export interface RevenueTotals {
  total_revenue: number;
  organizer_share: number;
  platform_share: number;
  download_count: number;
  events: number;
}

/** Administrator only (spec §2 Revenue Analytics): the stored revenue rows summed. */
export function storedRevenueTotals(db: Q): Promise<RevenueTotals> {
  return db
    .selectFrom('download_revenue as r')
    .select([
      sql<number>`coalesce(sum(r.total_revenue), 0)`.as('total_revenue'),
      sql<number>`coalesce(sum(r.organizer_share), 0)`.as('organizer_share'),
      sql<number>`coalesce(sum(r.witr_share), 0)`.as('platform_share'),
      sql<number>`coalesce(sum(r.download_count), 0)`.as('download_count'),
      sql<number>`count(*)`.as('events'),
    ])
    .executeTakeFirstOrThrow();
}

/** Administrator only: the same figures from every purchase (the revenue fallback). */
export function purchaseRevenueTotals(db: Q): Promise<RevenueTotals> {
  return db
    .selectFrom('download_purchases as p')
    .select([
      sql<number>`coalesce(sum(p.amount_paid), 0)`.as('total_revenue'),
      organiserShareSql.as('organizer_share'),
      sql<number>`coalesce(sum(p.amount_paid), 0) - ${organiserShareSql}`.as('platform_share'),
      sql<number>`count(*)`.as('download_count'),
      sql<number>`count(distinct p.event_id)`.as('events'),
    ])
    .executeTakeFirstOrThrow();
}
