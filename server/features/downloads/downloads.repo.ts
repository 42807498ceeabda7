import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf, nocase } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** E-mail or phone as a file may carry it: only of an entry whose attendee agreed (docs/privacy.md). */
const agreed = (eb: ExpressionBuilder<Database, 'event_registrations'>, column: 'email' | 'phone') =>
  eb.case().when('share_in_download', '=', 1).then(eb.ref(column)).end();

/**
 * Everyone on an event's list, A-Z as the list's "A-Z" sort (spec §2); only the fields a file shows.
 * E-mail and phone are null for everyone who did not agree to be in the file: they never leave the database.
 */
export function attendeesForExport(db: Q, eventId: string) {
  return db
    .selectFrom('event_registrations')
    .select((eb) => [
      'first_name',
      'last_name',
      agreed(eb, 'email').as('email'),
      agreed(eb, 'phone').as('phone'),
      'headline',
      'photo_url',
      'checked_in_at',
      'created_at',
    ])
    .where('event_id', '=', eventId)
    .orderBy(nocase(dialectOf(db), 'first_name'), 'asc')
    .orderBy(nocase(dialectOf(db), 'last_name'), 'asc')
    .orderBy(sql`rowid`, 'asc')
    .execute();
}
export type ExportRow = Awaited<ReturnType<typeof attendeesForExport>>[number];

/** How many entries the file lists, and how many of them carry an e-mail or phone the attendee agreed to share. */
export async function countSharedContacts(db: Q, eventId: string) {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => [
      eb.fn.countAll().as('attendees'),
      eb.fn
        .count(
          eb
            .case()
            .when(
              eb.and([
                eb('share_in_download', '=', 1),
                eb.or([eb('email', 'is not', null), eb('phone', 'is not', null)]),
              ]),
            )
            .then(eb.lit(1))
            .end(),
        )
        .as('sharing'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return { attendees: Number(row.attendees), sharing: Number(row.sharing) };
}

export type NewPurchase = {
  id: string;
  event_id: string;
  registration_id: string | null;
  format: 'csv' | 'pdf';
  amount_paid: number;
  payment_session_id: string;
  organizer_id: string | null;
  created_at: string;
};

/**
 * One purchase per checkout session (payment_session_id is UNIQUE): a repeat inserts nothing and
 * returns undefined, so the caller knows not to count the revenue again.
 */
export function insertPurchaseOnce(db: Q, p: NewPurchase) {
  return db
    .insertInto('download_purchases')
    .values(p)
    .onConflict((oc) => oc.column('payment_session_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Adds one purchase to the event's revenue row (created on the first), in one statement. */
export function addRevenue(
  db: Q,
  r: {
    eventId: string;
    organiserId: string | null;
    amount: number;
    organiserShare: number;
    platformShare: number;
    now: string;
  },
) {
  return db
    .insertInto('download_revenue')
    .values({
      event_id: r.eventId,
      total_revenue: r.amount,
      organizer_share: r.organiserShare,
      witr_share: r.platformShare,
      download_count: 1,
      last_download: r.now,
      payout_status: 'pending',
      organizer_id: r.organiserId,
      created_at: r.now,
      updated_at: r.now,
    })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet((eb) => ({
        total_revenue: eb(eb.ref('download_revenue.total_revenue'), '+', eb.ref('excluded.total_revenue')),
        organizer_share: eb(eb.ref('download_revenue.organizer_share'), '+', eb.ref('excluded.organizer_share')),
        witr_share: eb(eb.ref('download_revenue.witr_share'), '+', eb.ref('excluded.witr_share')),
        download_count: eb(eb.ref('download_revenue.download_count'), '+', 1),
        last_download: eb.ref('excluded.last_download'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Who organises the event now (undefined once it is deleted): their earnings are kept under their id. */
export async function organiserOf(db: Q, eventId: string): Promise<string | null> {
  const row = await db.selectFrom('events').select('user_id').where('id', '=', eventId).executeTakeFirst();
  return row?.user_id ?? null;
}
