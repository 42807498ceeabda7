import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function insertPageView(
  db: Kysely<Database>,
  v: {
    path: string;
    referrer: string | null;
    user_id: string | null;
    ip_anonymized: string | null;
    user_agent: string | null;
    created_at: string;
  },
) {
  await db.insertInto('page_views').values(v).execute();
}

/**
 * Deletes page views created before `before`, `batch` rows per statement so a large backlog never
 * holds the single SQLite writer for long. Returns how many rows went.
 */
export async function deletePageViewsBefore(db: Kysely<Database>, before: string, batch: number) {
  let total = 0;
  for (;;) {
    const res = await db
      .deleteFrom('page_views')
      .where('id', 'in', (qb) =>
        qb.selectFrom('page_views').select('id').where('created_at', '<', before).orderBy('id').limit(batch),
      )
      .executeTakeFirst();
    const n = Number(res.numDeletedRows);
    total += n;
    if (n < batch) return total;
  }
}
