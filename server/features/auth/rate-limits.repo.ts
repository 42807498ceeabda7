import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Counts one attempt on `key` in a single statement, so concurrent requests cannot both read the same
 * count. Attempts keep counting while a lockout runs (so `attempts > max` means "refused"); a passed
 * window or an ended lockout starts again at 1; reaching `max` sets the lockout. SET expressions read
 * the row as it was before the update.
 */
export function recordAttempt(
  db: Q,
  a: { key: string; now: string; windowFloor: string; max: number; lockEnd: string },
) {
  const lockedNow = sql<boolean>`coalesce(rate_limits.locked_until > ${a.now}, FALSE)`;
  const fresh = sql<boolean>`(NOT ${lockedNow} AND (rate_limits.window_start <= ${a.windowFloor} OR rate_limits.locked_until IS NOT NULL))`;
  const next = sql<number>`(CASE WHEN ${fresh} THEN 1 ELSE rate_limits.attempts + 1 END)`;
  return db
    .insertInto('rate_limits')
    .values({ key: a.key, attempts: 1, window_start: a.now, locked_until: a.max <= 1 ? a.lockEnd : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: next,
        window_start: sql`CASE WHEN ${fresh} THEN ${a.now} ELSE rate_limits.window_start END`,
        locked_until: sql`CASE WHEN ${lockedNow} THEN rate_limits.locked_until WHEN ${next} >= ${a.max} THEN ${a.lockEnd} ELSE NULL END`,
      }),
    )
    .returning(['attempts', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export async function deleteLimits(db: Q, keys: string[]) {
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

/** Every key that starts with `prefix` (compared as text: no LIKE wildcards in e-mail addresses). */
export async function deleteLimitsWithPrefix(db: Q, prefix: string) {
  await db.deleteFrom('rate_limits').where(sql<string>`substr(key, 1, length(${prefix}))`, '=', prefix).execute();
}

/** Rows whose window has passed and that hold no lockout any more. */
export async function deleteStaleLimits(db: Q, windowStartBefore: string, now: string) {
  const r = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', windowStartBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
