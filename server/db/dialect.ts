import { type Kysely, PostgresAdapter, type RawBuilder, sql, type Transaction } from 'kysely';

// The two databases the app runs on (README "Scaling out"): SQLite by default, PostgreSQL with
// DATABASE_URL. Queries are written once; the few places the two differ ask here.

type AnyDb = Kysely<any> | Transaction<any>;

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: AnyDb): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: AnyDb) => dialectOf(db) === 'postgres';

/** Case-insensitive LIKE: SQLite's LIKE already is (for ASCII); PostgreSQL's is ILIKE. */
export const likeIgnoringCase = (d: Dialect) => sql.raw(d === 'postgres' ? 'ILIKE' : 'LIKE');

/**
 * A column as SQLite's NOCASE orders it (ASCII letters folded, every other character by its bytes:
 * "Édith" after "grace"), on either database. On PostgreSQL it is the expression its indexes hold
 * (migrations/postgres-ddl.ts), so a sorted page is read from the index there too.
 */
export function nocase(d: Dialect, column: string): RawBuilder<string> {
  return d === 'postgres' ? sql`(lower(${sql.ref(column)} COLLATE "C"))` : sql`${sql.ref(column)} COLLATE NOCASE`;
}

/**
 * SQLite: the FTS5 query (trigram tokenizer) finding every row whose text may hold `search` as a
 * case-insensitive LIKE '%search%' would find it, or undefined when the trigram index cannot say.
 * A trigram index finds only text of 3 or more characters, so each word (split on spaces: a word lies
 * within one column, the search as a whole may span first and last name) of 3 or more becomes a quoted
 * phrase, taken literally (quotes doubled; `*`, `-`, `OR`, `%` are plain text inside one), and all must
 * be there. It finds more than LIKE does (it folds every letter's case, LIKE only ASCII's), never less,
 * so the LIKE still judges what it finds. Undefined: no such word, a NUL (it would end FTS5's string), or
 * PostgreSQL, where pg_trgm's indexes serve the ILIKE itself.
 */
export function trigramMatch(d: Dialect, search: string): string | undefined {
  if (d === 'postgres' || search.includes('\0')) return undefined;
  // code points, as FTS5 counts them ("😀a" is 3 UTF-16 units but 2 characters)
  const words = search.split(' ').filter((w) => [...w].length >= 3);
  return words.length > 0 ? words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ') : undefined;
}
