import { sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

/**
 * SQLite: while `work` runs in the caller's transaction, the attendee search's FTS5 index removes a
 * deleted or replaced name's entries from its segments at once (its `secure-delete` option), instead of
 * marking them deleted until a merge, so the attendee's own removal or rename leaves no trigram of the
 * old text in the file. Only around one attendee's own change: turned on for the whole table, it made
 * an event's erasure of 10,000 entries ~14 times slower (docs/decisions/0020-attendee-search-index.md);
 * here it costs ~1 ms. The option is the table's: it is set back before the transaction commits, so no
 * other statement runs with it. PostgreSQL: nothing to do (pg_trgm's GIN entries go with VACUUM).
 */
export async function withSearchEntriesErased<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  if (isPostgres(trx)) return work();
  await setSecureDelete(trx, 1);
  const out = await work();
  await setSecureDelete(trx, 0);
  return out;
}

async function setSecureDelete(trx: Transaction<Database>, on: 0 | 1) {
  await sql`INSERT INTO event_registrations_search(event_registrations_search, rank) VALUES ('secure-delete', ${sql.lit(on)})`.execute(
    trx,
  );
}
