import { PRICES } from '#shared/constants';
import { M } from '#shared/messages';
import type { StoreMembershipType, VerifyPaymentInput, VerifyPaymentResult } from '#shared/schemas/membership';
import { RATE_LIMITS } from '../../constants';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { limitCheckouts } from '../payments/checkout-limit';
import { fulfilPaidSession } from '../payments/fulfil';
import type { CheckoutRequest, PaymentPurpose } from '../payments/gateway';

type Buyer = { id: string; email: string };

const PLAN: Record<StoreMembershipType, { purpose: PaymentPurpose; pence: number; failed: string }> = {
  one_time: {
    purpose: 'membership-one-time',
    pence: PRICES.PAY_AS_YOU_GO_PENCE,
    failed: M.membership.paymentSessionFailed,
  },
  annual: { purpose: 'membership-annual', pence: PRICES.ANNUAL_PENCE, failed: M.membership.subscriptionSessionFailed },
};

/**
 * spec §7 create-payment (one_time, £10) and create-subscription (annual, £500 for 12 months): a checkout
 * session at the provider, nothing stored here. Annual is one payment, renewed by buying again, never an
 * automatic yearly charge (docs/decisions/0009); the membership is granted only when the paid session
 * is read back (verifyMembershipPayment or the webhook). A provider failure creates nothing.
 */
export async function startMembershipCheckout(deps: Deps, buyer: Buyer, type: StoreMembershipType) {
  if (deps.payments.mode === 'off') fail.badRequest(M.membership.paymentsOff);
  await limitCheckouts(deps, RATE_LIMITS.MEMBERSHIP_CHECKOUT, `membership-checkout:user:${buyer.id}`);
  const plan = PLAN[type];
  const origin = deps.linkOrigin.get();
  const req: CheckoutRequest = {
    purpose: plan.purpose,
    amountPence: plan.pence,
    description: M.membership.lineItem[type],
    // {CHECKOUT_SESSION_ID} is the provider's template, filled in on the way back.
    successUrl: `${origin}/membership-success?session_id={CHECKOUT_SESSION_ID}&type=${type}`,
    cancelUrl: `${origin}/membership`,
    metadata: { userId: buyer.id },
    customerEmail: buyer.email,
  };
  try {
    const session = await deps.payments.createCheckout(req);
    return { url: session.url };
  } catch (err) {
    deps.log.warn({ err, purpose: plan.purpose }, 'payment provider refused a membership checkout');
    return fail.unavailable(plan.failed);
  }
}

/**
 * spec §7 verify-payment: the session is read back from the provider (the browser's word is never
 * taken), must be the caller's own and for the plan the page names, and paid. Then it is fulfilled
 * once (a repeat, or the webhook first, does nothing more).
 */
export async function verifyMembershipPayment(
  deps: Deps,
  buyer: Buyer,
  input: VerifyPaymentInput,
): Promise<VerifyPaymentResult> {
  const refused = (error: string): VerifyPaymentResult => ({ verified: false, membershipType: null, error });
  if (deps.payments.mode === 'off') return refused(M.membership.paymentsOff);
  let session: Awaited<ReturnType<Deps['payments']['retrieve']>>;
  try {
    session = await deps.payments.retrieve(input.sessionId);
  } catch (err) {
    deps.log.warn({ err }, 'payment provider could not be asked about a membership session');
    return refused(M.membership.verifyFailed);
  }
  // Unknown, someone else's, another plan's, or unpaid: one answer, so a guessed id tells nothing.
  if (
    !session ||
    session.metadata.userId !== buyer.id ||
    session.purpose !== PLAN[input.type].purpose ||
    !session.paid
  ) {
    return refused(M.membership.verifyIssue);
  }
  const result = await fulfilPaidSession(deps, session);
  if (!result.fulfilled) return refused(M.membership.verifyIssue);
  return { verified: true, membershipType: input.type };
}
