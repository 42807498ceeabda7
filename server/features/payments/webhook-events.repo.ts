import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function isWebhookEventProcessed(db: Q, id: string) {
  const row = await db.selectFrom('stripe_webhook_events').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Records a processed event; a second record of the same id is a no-op. */
export function recordWebhookEvent(db: Q, e: { id: string; type: string; now: string }) {
  return db
    .insertInto('stripe_webhook_events')
    .values({ id: e.id, type: e.type, processed_at: e.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
