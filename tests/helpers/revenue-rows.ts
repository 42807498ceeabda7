import { newId } from '#server/lib/ids';
import { splitRevenue } from '#shared/money';
import type { makeTestDeps } from './test-deps';

type Db = Awaited<ReturnType<typeof makeTestDeps>>['db'];

// Rows as the download fulfilment writes them (one purchase per paid session, one revenue row per event),
// inserted directly so revenue and admin tests do not depend on the payment flow.

const ownerOf = async (db: Db, eventId: string) =>
  (await db.selectFrom('events').select('user_id').where('id', '=', eventId).executeTakeFirst())?.user_id ?? null;

/** One download_purchases row. */
export async function addPurchase(db: Db, eventId: string, amountPaid: number, createdAt: string) {
  await db
    .insertInto('download_purchases')
    .values({
      id: newId(),
      event_id: eventId,
      registration_id: null,
      format: 'csv',
      amount_paid: amountPaid,
      payment_session_id: `cs_test_${newId()}`,
      organizer_id: await ownerOf(db, eventId),
      created_at: createdAt,
    })
    .execute();
}

/** A purchase plus the event's revenue row moved by it (the upsert the fulfilment does). */
export async function addPaidDownload(db: Db, eventId: string, amountPaid: number, at: string) {
  await addPurchase(db, eventId, amountPaid, at);
  const { organiser, platform } = splitRevenue(amountPaid);
  await db
    .insertInto('download_revenue')
    .values({
      event_id: eventId,
      total_revenue: amountPaid,
      organizer_share: organiser,
      witr_share: platform,
      download_count: 1,
      last_download: at,
      payout_status: 'pending',
      organizer_id: await ownerOf(db, eventId),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet((eb) => ({
        total_revenue: eb('download_revenue.total_revenue', '+', amountPaid),
        organizer_share: eb('download_revenue.organizer_share', '+', organiser),
        witr_share: eb('download_revenue.witr_share', '+', platform),
        download_count: eb('download_revenue.download_count', '+', 1),
        last_download: at,
        updated_at: at,
      })),
    )
    .execute();
}

/** A page view at a given time. */
export async function addPageView(db: Db, path: string, createdAt: string) {
  await db
    .insertInto('page_views')
    .values({ path, referrer: null, user_id: null, ip_anonymized: null, user_agent: null, created_at: createdAt })
    .execute();
}
