import { DOWNLOADS } from '#shared/constants';
import { splitRevenue } from '#shared/money';
import type { DownloadFormat } from '#shared/schemas/downloads';
import type { Deps } from '../../deps';
import { newId } from '../../lib/ids';
import type { Fulfilment, FulfilResult } from '../payments/fulfil';
import type { PaymentSession } from '../payments/gateway';
import { addRevenue, insertPurchaseOnce, organiserOf } from './downloads.repo';

const isFormat = (v: string | undefined): v is DownloadFormat =>
  (DOWNLOADS.FORMATS as readonly (string | undefined)[]).includes(v);

/**
 * spec §3 download_purchases and download_revenue, issue 9 item 4: a paid download is recorded once per
 * checkout session. The purchase and the revenue move in one transaction keyed on the session id
 * (download_purchases.payment_session_id is UNIQUE): the success page, the webhook and any replay between
 * them count the money exactly once. The split is shared/money splitRevenue (the organiser's 50% rounded
 * down, the platform keeps the odd penny). Called with a session read back from the provider, outside
 * any transaction; nothing here touches the network or an image.
 */
export async function fulfilDownload(deps: Deps, session: PaymentSession): Promise<FulfilResult> {
  const { eventId, format, registrationId } = session.metadata;
  if (!session.paid || !eventId || !isFormat(format)) return { fulfilled: false, alreadyFulfilled: false };
  const amount = session.amountPence;
  const { organiser, platform } = splitRevenue(amount);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const organiserId = await organiserOf(trx, eventId);
    const inserted = await insertPurchaseOnce(trx, {
      id: newId(),
      event_id: eventId,
      registration_id: registrationId || null,
      format,
      amount_paid: amount,
      payment_session_id: session.id,
      organizer_id: organiserId,
      created_at: now,
    });
    if (!inserted) return { fulfilled: true, alreadyFulfilled: true };
    await addRevenue(trx, { eventId, organiserId, amount, organiserShare: organiser, platformShare: platform, now });
    return { fulfilled: true, alreadyFulfilled: false };
  });
}

export const downloadFulfilment: Fulfilment = { purposes: ['download'], fulfil: fulfilDownload };
