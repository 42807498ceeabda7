/**
 * spec §7 hosted functions create-payment / create-subscription / create-download-payment and the
 * verify-* calls: one small interface over the card payment provider. Three adapters, chosen by
 * configuration (createPaymentGateway): `stripe` (STRIPE_SECRET_KEY set), `test` (the built-in checkout
 * page that takes no money; the default) and `off` (PAYMENTS=off: everything is free, nothing is sold).
 */
export type PaymentsMode = 'stripe' | 'test' | 'off';

/** What is being bought; travels in the session's metadata and picks the fulfilment. */
export type PaymentPurpose = 'membership-one-time' | 'membership-annual' | 'download';

export type CheckoutRequest = {
  purpose: PaymentPurpose;
  /** Integer pence, GBP. */
  amountPence: number;
  /** The line item the payer sees, e.g. "Roomlist Annual membership". */
  description: string;
  /** Absolute URLs. `{CHECKOUT_SESSION_ID}` in successUrl is replaced by the session id (Stripe's own template). */
  successUrl: string;
  cancelUrl: string;
  /** Ids the fulfilment needs (userId, eventId, format, registrationId…); strings only, no personal data. */
  metadata: Record<string, string>;
  /** Stripe: annual is a yearly subscription; everything else a one-off payment. */
  recurring?: 'year';
  customerEmail?: string;
};

export type CheckoutSession = { id: string; url: string };

/** A session as the provider reports it, read back by id (never trusted from the browser). */
export type PaymentSession = {
  id: string;
  paid: boolean;
  amountPence: number;
  currency: string;
  purpose: PaymentPurpose | null;
  metadata: Record<string, string>;
};

export interface PaymentGateway {
  readonly mode: PaymentsMode;
  /** Throws when the provider cannot be reached or refuses; callers map that to the spec's failure texts. */
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /** null when no such session exists. */
  retrieve(sessionId: string): Promise<PaymentSession | null>;
}

/**
 * The provider could not be reached or refused the request. Its own message stays in the log (it may
 * name internals); callers show the spec's failure text.
 */
export class PaymentProviderError extends Error {
  constructor(cause: unknown) {
    super('payment provider request failed', { cause });
    this.name = 'PaymentProviderError';
  }
}

/** The purpose a session's metadata names, or null when it names none we sell. */
export function purposeOf(value: string | undefined | null): PaymentPurpose | null {
  return value === 'membership-one-time' || value === 'membership-annual' || value === 'download' ? value : null;
}
