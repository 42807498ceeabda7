import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from 'kysely';
import { type Dialect, dialectOf } from './dialect';

const MARK = '\u0000compiled-once:';

/**
 * A statement Kysely builds and compiles once, then runs with new values each time: building and
 * compiling the join's statements again on every join cost ~0.2 ms of main-thread time (bench B1).
 * `build` is called once with markers in place of the values; each parameter that is a marker is
 * replaced by that value at every run, the others (constants written in `build`) are kept. Only for
 * statements whose SQL text does not depend on the values (no `in` lists, no optional clauses). Once per
 * dialect: a process may hold both databases (bench B5 measures SQLite, then PostgreSQL).
 */
export function compiledOnce<DB, P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, values: P) => Compilable<R>,
) {
  const byDialect = new Map<Dialect, { compiled: CompiledQuery<R>; slots: (string | undefined)[] }>();
  return (db: Kysely<DB>, values: P): Promise<QueryResult<R>> => {
    const dialect = dialectOf(db);
    let once = byDialect.get(dialect);
    if (!once) {
      const markers = new Proxy({} as P, { get: (_, key) => `${MARK}${String(key)}` });
      const compiled = build(db, markers).compile();
      const slots = compiled.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : undefined,
      );
      once = { compiled, slots };
      byDialect.set(dialect, once);
    }
    const { compiled, slots } = once;
    const parameters = compiled.parameters.map((p, i) => {
      const key = slots[i];
      return key === undefined ? p : values[key];
    });
    return db.executeQuery<R>({ ...compiled, parameters, queryId: createQueryId() });
  };
}
