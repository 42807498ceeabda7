import { type Kysely, sql } from 'kysely';
import { inTransaction } from './ddl';

// A migration stays as it was written: its own copy of the code's shape (server/features/events/join-code.ts).
// A join code is a public address, not a secret (the unique index keeps them apart), so Math.random will do.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newJoinCode = () =>
  Array.from({ length: 7 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');

// Every event gets a short join code for the address a venue screen shows (`/j/{code}`); events made
// before this migration get theirs here.
export async function up(db: Kysely<unknown>) {
  await inTransaction(db, async (trx) => {
    await sql`ALTER TABLE events ADD COLUMN join_code TEXT`.execute(trx);
    const events = await sql<{ id: string }>`SELECT id FROM events`.execute(trx);
    for (const e of events.rows) {
      await sql`UPDATE events SET join_code = ${newJoinCode()} WHERE id = ${e.id}`.execute(trx);
    }
    await sql`CREATE UNIQUE INDEX events_join_code ON events(join_code)`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>) {
  await inTransaction(db, async (trx) => {
    await sql`DROP INDEX events_join_code`.execute(trx);
    await sql`ALTER TABLE events DROP COLUMN join_code`.execute(trx);
  });
}
