import type { ControlledTransaction, Kysely, Transaction } from 'kysely';

export type GroupSteps<DB, I, O> = {
  /** The group transaction's first statements (the change log's lock), before its items are known. */
  begin?: (trx: Transaction<DB>) => Promise<void>;
  /** One item's work. */
  each: (trx: Transaction<DB>, item: I) => Promise<O>;
  /** The whole group's work in a few statements, one result per item in order; `each` is then the fallback. */
  all?: (trx: Transaction<DB>, items: I[]) => Promise<O[]>;
};
type Queued<I, O> = { item: I; resolve: (value: O) => void; reject: (err: unknown) => void };
type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

const SAVEPOINT = 'group_work';
const ALL_SAVEPOINT = 'group_all';

/**
 * Group commit (bench B1, B10): items handed over close together run in one transaction and are
 * committed together, so under `synchronous=FULL` a burst of joins pays one disk sync instead of one
 * each (the sync held the main thread ~2–3 ms per join on a shared disk), and on PostgreSQL a group holds
 * the change log's lock for one set of statements instead of one per join.
 *
 * A group opens after the turn of the event loop in which its first item arrived: it starts its
 * transaction and runs `begin`, both of which may wait (SQLite's one connection, PostgreSQL's lock,
 * while the group before still runs). Every item handed over until then is in the group; later ones
 * open the next group. An item alone runs its work directly: its failure is the group's. Several run
 * in one go with `all`, inside a savepoint; if that throws, the transaction is rolled back to it and the
 * items run one by one with `each`, each inside a savepoint of its own: an item whose work throws is
 * rolled back to it and rejects alone, the others go on. Each promise settles only after the COMMIT;
 * when the COMMIT (or the transaction itself) fails, every item of the group rejects with that error,
 * and none of them was written.
 *
 * The steps must only run queries: the transaction is open while they run, and later groups wait for it.
 */
export function createGroupCommit<DB, I, O>(db: Kysely<DB>, steps: GroupSteps<DB, I, O>) {
  let queue: Queued<I, O>[] = [];
  let opening = false;

  function take() {
    const group = queue;
    queue = [];
    opening = false;
    return group;
  }

  async function allAtOnce(trx: ControlledTransaction<DB>, items: I[]): Promise<Outcome<O>[] | undefined> {
    if (!steps.all) return undefined;
    const inner = await trx.savepoint(ALL_SAVEPOINT).execute();
    try {
      const values = await steps.all(inner, items);
      if (values.length !== items.length) throw new Error(`${values.length} results for ${items.length} items`);
      return values.map((value) => ({ ok: true, value }));
    } catch {
      // most likely one item's row refused: the one-by-one run finds which and fails it alone
      await inner.rollbackToSavepoint(ALL_SAVEPOINT).execute();
      return undefined;
    }
  }

  async function oneByOne(trx: ControlledTransaction<DB>, items: I[]): Promise<Outcome<O>[]> {
    const outcomes: Outcome<O>[] = [];
    for (const item of items) {
      const inner = await trx.savepoint(SAVEPOINT).execute();
      try {
        const value = await steps.each(inner, item);
        await inner.releaseSavepoint(SAVEPOINT).execute();
        outcomes.push({ ok: true, value });
      } catch (error) {
        await inner.rollbackToSavepoint(SAVEPOINT).execute();
        await inner.releaseSavepoint(SAVEPOINT).execute();
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  async function alone(trx: ControlledTransaction<DB>, item: I): Promise<Outcome<O>[]> {
    const value = steps.all ? (await steps.all(trx, [item]))[0] : await steps.each(trx, item);
    return [{ ok: true, value }];
  }

  async function commitGroup() {
    let group: Queued<I, O>[] | undefined;
    let outcomes: Outcome<O>[];
    try {
      const trx = await db.startTransaction().execute();
      try {
        await steps.begin?.(trx);
        group = take();
        const items = group.map((q) => q.item);
        outcomes =
          items.length === 1
            ? await alone(trx, items[0])
            : ((await allAtOnce(trx, items)) ?? (await oneByOne(trx, items)));
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
      for (const q of group ?? take()) q.reject(err);
      return;
    }
    group.forEach((q, i) => {
      const o = outcomes[i];
      if (o.ok) q.resolve(o.value);
      else q.reject(o.error);
    });
  }

  return {
    /** Runs `item` in the next group's transaction; resolves with its result once that is committed. */
    run(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (opening) return;
        opening = true;
        // After this turn's I/O callbacks: every join whose photo write finished meanwhile is in the group.
        setImmediate(commitGroup);
      });
    },
  };
}
