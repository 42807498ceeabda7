import type { Kysely, Transaction } from 'kysely';

export type GroupWork<DB, T> = (trx: Transaction<DB>) => Promise<T>;
type Queued<DB> = { work: GroupWork<DB, unknown>; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const SAVEPOINT = 'group_work';

/**
 * Group commit (bench B1): the works handed over in one turn of the event loop run in one transaction
 * and are committed together, so under `synchronous=FULL` a burst of joins pays one disk sync instead of
 * one each (the sync held the main thread ~2–3 ms per join on a shared disk). Each work runs inside a
 * savepoint of its own: one that throws is rolled back to it and rejects alone, the others go on. A
 * work's promise settles only after the COMMIT; when the COMMIT (or the transaction itself) fails, every
 * work of the group rejects with that error, and none of them was written.
 *
 * A work must only run queries: the transaction is open while it runs, and later groups wait for it.
 */
export function createGroupCommit<DB>(db: Kysely<DB>) {
  let queue: Queued<DB>[] = [];

  async function commitGroup() {
    const group = queue;
    queue = [];
    const outcomes: Outcome[] = [];
    try {
      const trx = await db.startTransaction().execute();
      try {
        for (const { work } of group) {
          const inner = await trx.savepoint(SAVEPOINT).execute();
          try {
            const value = await work(inner);
            await inner.releaseSavepoint(SAVEPOINT).execute();
            outcomes.push({ ok: true, value });
          } catch (error) {
            await inner.rollbackToSavepoint(SAVEPOINT).execute();
            await inner.releaseSavepoint(SAVEPOINT).execute();
            outcomes.push({ ok: false, error });
          }
        }
        await trx.commit().execute();
      } catch (err) {
        // SQLite may have ended the transaction itself (I/O error, disk full): nothing left to roll back.
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        throw err;
      }
    } catch (err) {
      for (const q of group) q.reject(err);
      return;
    }
    group.forEach((q, i) => {
      const o = outcomes[i];
      if (o.ok) q.resolve(o.value);
      else q.reject(o.error);
    });
  }

  return {
    /** Runs `work` in the next group's transaction; resolves with its result once that is committed. */
    run<T>(work: GroupWork<DB, T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // After this turn's I/O callbacks: every join whose photo write finished meanwhile is in the group.
        if (queue.length === 1) setImmediate(commitGroup);
      });
    },
  };
}
export type GroupCommit<DB> = ReturnType<typeof createGroupCommit<DB>>;
