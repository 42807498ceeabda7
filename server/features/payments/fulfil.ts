import type { Deps } from '../../deps';
import { fulfilDownload } from '../downloads/download-fulfilment';
import { fulfilMembership } from '../memberships/membership-fulfilment';
import type { PaymentSession } from './gateway';

export type FulfilResult = { fulfilled: boolean; alreadyFulfilled: boolean };

/**
 * One entry for the success page, the webhook and the test checkout: grants what a paid session bought,
 * exactly once (each fulfilment is one transaction keyed on the session id, a repeat does nothing).
 * Must be called with a session read back from the provider, outside any transaction.
 */
export async function fulfilPaidSession(deps: Deps, session: PaymentSession): Promise<FulfilResult> {
  if (!session.paid) return { fulfilled: false, alreadyFulfilled: false };
  switch (session.purpose) {
    case 'membership-one-time':
    case 'membership-annual':
      return fulfilMembership(deps, session);
    case 'download':
      return fulfilDownload(deps, session);
    default:
      return { fulfilled: false, alreadyFulfilled: false };
  }
}
