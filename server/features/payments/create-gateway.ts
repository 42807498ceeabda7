import type { Config, StripeSettings } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { PaymentGateway } from './gateway';
import { offGateway } from './off-gateway';
import { createTestGateway } from './test-gateway';

/** Picks the adapter from configuration: stripe (STRIPE_SECRET_KEY), test (the default) or off (PAYMENTS=off). */
export function createPaymentGateway(base: { config: Config; db: Db; clock: Clock }): PaymentGateway {
  const { payments } = base.config;
  if (payments.mode === 'off') return offGateway;
  if (payments.mode === 'stripe' && payments.stripe) return lazyStripeGateway(payments.stripe);
  return createTestGateway(base.db, base.clock);
}

/**
 * The Stripe adapter, with stripe-node imported on the first payment call: the library costs ~20 MB of
 * memory, which a server in test or off mode (and a Stripe one until someone buys) need not pay (B8).
 */
function lazyStripeGateway(settings: StripeSettings): PaymentGateway {
  let gateway: Promise<PaymentGateway> | undefined;
  const load = () => {
    gateway ??= import('./stripe-gateway').then((m) => m.createStripeGateway(settings));
    return gateway;
  };
  return {
    mode: 'stripe',
    createCheckout: async (req) => (await load()).createCheckout(req),
    retrieve: async (sessionId) => (await load()).retrieve(sessionId),
  };
}
