import Stripe from 'stripe';
import { PAYMENTS, PRICES } from '#shared/constants';
import type { StripeSettings } from '../../config';
import {
  type CheckoutRequest,
  type PaymentGateway,
  PaymentProviderError,
  type PaymentSession,
  purposeOf,
} from './gateway';

/** stripe-node pointed at Stripe (or, with STRIPE_API_URL, at a loopback fake), failing within seconds. */
export function createStripeClient(s: StripeSettings) {
  return new Stripe(s.secretKey, {
    timeout: PAYMENTS.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: PAYMENTS.STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    ...(s.host ? { host: s.host } : {}),
    ...(s.port ? { port: s.port } : {}),
    ...(s.protocol ? { protocol: s.protocol } : {}),
  });
}

/** Checkout Sessions in GBP with inline prices: one-off payments, and annual as a yearly subscription. */
export function createStripeGateway(s: StripeSettings, stripe = createStripeClient(s)): PaymentGateway {
  return {
    mode: 'stripe',
    async createCheckout(req: CheckoutRequest) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(checkoutParams(req));
      } catch (err) {
        throw new PaymentProviderError(err);
      }
      if (!session.url) throw new PaymentProviderError(new Error(`checkout session ${session.id} has no url`));
      return { id: session.id, url: session.url };
    },
    async retrieve(sessionId: string) {
      try {
        return toPaymentSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw new PaymentProviderError(err);
      }
    },
  };
}

export function checkoutParams(req: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const metadata = { ...req.metadata, purpose: req.purpose };
  const annual = req.recurring === 'year';
  return {
    mode: annual ? 'subscription' : 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: PRICES.CURRENCY.toLowerCase(),
          unit_amount: req.amountPence,
          product_data: { name: req.description },
          ...(annual ? { recurring: { interval: 'year' as const } } : {}),
        },
      },
    ],
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
    metadata,
    // The same ids on the subscription or payment, so Stripe's dashboard shows what each one bought.
    ...(annual ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
  };
}

export function toPaymentSession(s: Stripe.Checkout.Session): PaymentSession {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.metadata ?? {})) if (typeof v === 'string') metadata[k] = v;
  return {
    id: s.id,
    // 'no_payment_required': a 100% discount; Stripe completes such a session without charging.
    paid: s.status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required'),
    amountPence: s.amount_total ?? 0,
    currency: (s.currency ?? '').toLowerCase(),
    purpose: purposeOf(metadata.purpose),
    metadata,
  };
}
