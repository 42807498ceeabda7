import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Takes the job's lease for `holder` until `until`, unless another holder has it and it has not run out.
 * One statement, so two processes asking at once cannot both get it. True when `holder` has it now.
 */
export async function takeLease(db: Q, l: { name: string; holder: string; now: string; until: string }) {
  const row = await db
    .insertInto('job_leases')
    .values({ name: l.name, holder: l.holder, until: l.until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: l.holder, until: l.until })
        .where((eb) => eb.or([eb('job_leases.until', '<=', l.now), eb('job_leases.holder', '=', l.holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === l.holder;
}

/** Ends `holder`'s lease (a run that finished): the next run, anywhere, may take it at once. */
export async function releaseLease(db: Q, name: string, holder: string) {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
