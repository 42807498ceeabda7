import { type Kysely, sql } from 'kysely';

// Each sign-up's own details travel with its link (issue 6 item 8): a second sign-up for an unconfirmed
// address no longer overwrites the first one's password. Set only on 'signup' rows.
const UP = `
ALTER TABLE email_tokens ADD COLUMN password_hash TEXT;
ALTER TABLE email_tokens ADD COLUMN first_name TEXT;
ALTER TABLE email_tokens ADD COLUMN last_name TEXT;
`;

const DOWN = `
ALTER TABLE email_tokens DROP COLUMN last_name;
ALTER TABLE email_tokens DROP COLUMN first_name;
ALTER TABLE email_tokens DROP COLUMN password_hash;
`;

// Kysely does not wrap SQLite migrations in a transaction: open our own so a failure leaves nothing half-made.
async function run(db: Kysely<unknown>, ddl: string) {
  const statements = ddl
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}

export const up = (db: Kysely<unknown>) => run(db, UP);
export const down = (db: Kysely<unknown>) => run(db, DOWN);
