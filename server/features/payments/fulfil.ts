import type { Deps } from '../../deps';
import type { PaymentPurpose, PaymentSession } from './gateway';

export type FulfilResult = { fulfilled: boolean; alreadyFulfilled: boolean };

/**
 * What a feature grants for the purposes it sells. Each selling feature exports one and createDeps lists
 * them (`deps.fulfilments`): payments knows this interface only, never the features.
 */
export type Fulfilment = {
  purposes: readonly PaymentPurpose[];
  fulfil(deps: Deps, session: PaymentSession): Promise<FulfilResult>;
};

/**
 * One entry for the success page, the webhook and the test checkout: grants what a paid session bought,
 * exactly once (each fulfilment is one transaction keyed on the session id, a repeat does nothing).
 * Must be called with a session read back from the provider, outside any transaction.
 */
export async function fulfilPaidSession(deps: Deps, session: PaymentSession): Promise<FulfilResult> {
  const purpose = session.purpose;
  if (!session.paid || !purpose) return { fulfilled: false, alreadyFulfilled: false };
  const fulfilment = deps.fulfilments.find((f) => f.purposes.includes(purpose));
  return fulfilment ? fulfilment.fulfil(deps, session) : { fulfilled: false, alreadyFulfilled: false };
}
