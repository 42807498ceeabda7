import type { Kysely } from 'kysely';
import { perDialectMigration } from './ddl';

// The attendee search (a case-insensitive "contains" on first name, last name, the full name and the
// e-mail) reads a trigram index on both databases instead of looking at each of the event's entries
// (docs/decisions/0020-attendee-search-index.md).
//
// SQLite: an FTS5 table with the trigram tokenizer over exactly the searched columns, its content read
// from event_registrations by rowid (external content: the names are not stored twice), kept in step by
// triggers and filled here for the rows already there. columnsize=0: no per-row sizes (only ranking reads
// them). A deleted or edited name's entries are marked deleted and dropped when FTS5 merges its segments;
// an erasure merges them all (checkpointWal in server/features/gdpr/erase.repo.ts), so an erased event's
// names leave the file with its rows (docs/decisions/0020-attendee-search-index.md: why not secure-delete).
const SQLITE_UP = [
  `CREATE VIRTUAL TABLE event_registrations_search USING fts5(
    first_name, last_name, email,
    content='event_registrations', content_rowid='rowid', tokenize='trigram', columnsize=0
  )`,
  `CREATE TRIGGER event_registrations_search_insert AFTER INSERT ON event_registrations BEGIN
    INSERT INTO event_registrations_search(rowid, first_name, last_name, email)
    VALUES (new.rowid, new.first_name, new.last_name, new.email);
  END`,
  `CREATE TRIGGER event_registrations_search_delete AFTER DELETE ON event_registrations BEGIN
    INSERT INTO event_registrations_search(event_registrations_search, rowid, first_name, last_name, email)
    VALUES ('delete', old.rowid, old.first_name, old.last_name, old.email);
  END`,
  // only an edit of a searched column: a check-in does not touch the index
  `CREATE TRIGGER event_registrations_search_update AFTER UPDATE OF first_name, last_name, email ON event_registrations
  BEGIN
    INSERT INTO event_registrations_search(event_registrations_search, rowid, first_name, last_name, email)
    VALUES ('delete', old.rowid, old.first_name, old.last_name, old.email);
    INSERT INTO event_registrations_search(rowid, first_name, last_name, email)
    VALUES (new.rowid, new.first_name, new.last_name, new.email);
  END`,
  `INSERT INTO event_registrations_search(event_registrations_search) VALUES ('rebuild')`,
];

const SQLITE_DOWN = [
  'DROP TRIGGER event_registrations_search_update',
  'DROP TRIGGER event_registrations_search_delete',
  'DROP TRIGGER event_registrations_search_insert',
  'DROP TABLE event_registrations_search',
];

// PostgreSQL: pg_trgm's GIN indexes on each expression the search's ILIKEs judge, written exactly as the
// query writes them (server/features/registrations/registration-lists.repo.ts), so the planner can use them.
// pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
const PG_UP = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX event_registrations_trgm_first ON event_registrations USING gin (first_name gin_trgm_ops)',
  'CREATE INDEX event_registrations_trgm_last ON event_registrations USING gin (last_name gin_trgm_ops)',
  `CREATE INDEX event_registrations_trgm_full ON event_registrations
    USING gin ((first_name || ' ' || last_name) gin_trgm_ops)`,
  'CREATE INDEX event_registrations_trgm_email ON event_registrations USING gin (email gin_trgm_ops)',
];

// The extension stays: another database object may use it, and it holds no data.
const PG_DOWN = [
  'DROP INDEX event_registrations_trgm_email',
  'DROP INDEX event_registrations_trgm_full',
  'DROP INDEX event_registrations_trgm_last',
  'DROP INDEX event_registrations_trgm_first',
];

const m = perDialectMigration({
  sqlite: { up: SQLITE_UP, down: SQLITE_DOWN },
  postgres: { up: PG_UP, down: PG_DOWN },
});

export async function up(db: Kysely<unknown>) {
  try {
    await m.up(db);
  } catch (err) {
    // Say what to do when the server cannot make the extension (no CREATE right, or contrib not installed).
    if (err instanceof Error && /pg_trgm/.test(err.message)) {
      throw new Error(
        `0011-attendee-search needs PostgreSQL's pg_trgm extension: ${err.message}. Have the database's owner ` +
          '(or a superuser) run CREATE EXTENSION pg_trgm in this database once, then start again (README "PostgreSQL").',
        { cause: err },
      );
    }
    throw err;
  }
}

export const down = m.down;
