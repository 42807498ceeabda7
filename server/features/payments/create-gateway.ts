import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { PaymentGateway } from './gateway';
import { offGateway } from './off-gateway';
import { createStripeGateway } from './stripe-gateway';
import { createTestGateway } from './test-gateway';

/** Picks the adapter from configuration: stripe (STRIPE_SECRET_KEY), test (the default) or off (PAYMENTS=off). */
export function createPaymentGateway(base: { config: Config; db: Db; clock: Clock }): PaymentGateway {
  const { payments } = base.config;
  if (payments.mode === 'off') return offGateway;
  if (payments.mode === 'stripe' && payments.stripe) return createStripeGateway(payments.stripe);
  return createTestGateway(base.db, base.clock);
}
