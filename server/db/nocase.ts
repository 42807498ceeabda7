import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './dialect';

/**
 * A column as SQLite's NOCASE orders it (ASCII letters folded, every other character by its bytes:
 * "Édith" after "grace"), on either database. On PostgreSQL it is the expression its indexes hold
 * (migrations/postgres-ddl.ts), so a sorted page is read from the index there too.
 */
export function nocase(d: Dialect, column: string): RawBuilder<string> {
  return d === 'postgres' ? sql`(lower(${sql.ref(column)} COLLATE "C"))` : sql`${sql.ref(column)} COLLATE NOCASE`;
}
