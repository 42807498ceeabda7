import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export function findLimits(db: Q, keys: string[]) {
  return db
    .selectFrom('rate_limits')
    .select(['key', 'attempts', 'window_start', 'locked_until'])
    .where('key', 'in', keys)
    .execute();
}

export async function upsertLimit(
  db: Q,
  row: { key: string; attempts: number; window_start: string; locked_until: string | null },
) {
  await db
    .insertInto('rate_limits')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ attempts: row.attempts, window_start: row.window_start, locked_until: row.locked_until }),
    )
    .execute();
}

export async function deleteLimits(db: Q, keys: string[]) {
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
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
