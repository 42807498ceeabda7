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
