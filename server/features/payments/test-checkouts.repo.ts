import type { Kysely, Transaction } from 'kysely';
import type { Database, TestCheckoutsTable } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export function insertTestCheckout(db: Q, row: TestCheckoutsTable) {
  return db.insertInto('test_checkouts').values(row).execute();
}

export function testCheckoutById(db: Q, id: string) {
  return db
    .selectFrom('test_checkouts')
    .select(['id', 'purpose', 'amount_pence', 'description', 'success_url', 'cancel_url', 'metadata', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type TestCheckoutRow = NonNullable<Awaited<ReturnType<typeof testCheckoutById>>>;

/**
 * Moves an open checkout to paid or cancelled in one conditional statement: of two clicks only one
 * changes it. Returns whether this call did.
 */
export async function settleTestCheckout(db: Q, id: string, status: 'paid' | 'cancelled', now: string) {
  const row = await db
    .updateTable('test_checkouts')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes test checkouts opened before `before`, paid or not (the purchase they made is kept elsewhere). */
export async function deleteTestCheckoutsBefore(db: Q, before: string) {
  const r = await db.deleteFrom('test_checkouts').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
