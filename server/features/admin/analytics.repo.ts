import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// Administrator only: platform-wide figures, never scoped to a user (spec §7 "Admin counts").

/**
 * spec §7 admin counts in one statement. Total Attendees sums events.attendee_count: erasure deletes
 * the registration rows two weekdays after an event but keeps attendee_count (spec §4), so counting
 * rows would make the platform's total shrink every week.
 */
export function platformCounts(db: Q, nowIso: string) {
  return db
    .selectNoFrom([
      sql<number>`(select count(*) from events)`.as('total_events'),
      sql<number>`(select count(*) from events where download_enabled = 1)`.as('events_with_downloads'),
      sql<number>`(select count(*) from profiles)`.as('total_users'),
      sql<number>`(select coalesce(sum(attendee_count), 0) from events)`.as('total_attendees'),
      sql<number>`(select count(*) from user_memberships)`.as('total_memberships'),
      // spec §7: one_time and active (an unspent event credit), counted per user
      sql<number>`(select count(distinct user_id) from user_memberships
        where membership_type = 'one_time' and is_active = 1)`.as('pay_as_you_go_users'),
      // spec §7: annual and active; an annual plan past its expiry is not active (spec §4 "Membership Expired")
      sql<number>`(select count(distinct user_id) from user_memberships
        where membership_type = 'annual' and is_active = 1
        and (expires_at is null or expires_at > ${nowIso}))`.as('annual_subscribers'),
    ])
    .executeTakeFirstOrThrow();
}

/** Page views per UTC day with created_at in [from, to): reads only the page_views_created index. */
export function pageViewsPerDay(db: Q, from: string, to: string) {
  return db
    .selectFrom('page_views')
    .select([sql<string>`substr(created_at, 1, 10)`.as('date'), sql<number>`count(*)`.as('views')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`substr(created_at, 1, 10)`)
    .execute();
}

/** The most viewed paths with created_at in [from, to), most views first, then by path. */
export function topPages(db: Q, from: string, to: string, limit: number) {
  return db
    .selectFrom('page_views')
    .select(['path', sql<number>`count(*)`.as('views')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
}

/** Event names by id, for labelling the top pages (deleted events are simply missing). */
export async function eventNames(db: Q, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('events').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
