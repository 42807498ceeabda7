import { PAYMENTS, PRICES } from '#shared/constants';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/ids';
import type { CheckoutRequest, PaymentGateway, PaymentSession } from './gateway';
import { insertTestCheckout, type TestCheckoutRow, testCheckoutById } from './test-checkouts.repo';

/**
 * The built-in checkout (no STRIPE_SECRET_KEY): sessions live in SQLite and are paid on our own
 * /test-checkout/{id} page, which says plainly that no money is taken. Fulfilment runs exactly as for
 * Stripe: the page's Pay calls fulfilPaidSession as the webhook would, the success page verifies.
 */
export function createTestGateway(db: Db, clock: Clock): PaymentGateway {
  return {
    mode: 'test',
    async createCheckout(req: CheckoutRequest) {
      const id = `${PAYMENTS.TEST_CHECKOUT_ID_PREFIX}${randomToken(PAYMENTS.TEST_CHECKOUT_ID_LENGTH)}`;
      const now = clock.now().toISOString();
      await insertTestCheckout(db, {
        id,
        purpose: req.purpose,
        amount_pence: req.amountPence,
        description: req.description,
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        metadata: JSON.stringify(req.metadata),
        status: 'open',
        created_at: now,
        updated_at: now,
      });
      return { id, url: testCheckoutUrl(req.successUrl, id) };
    },
    async retrieve(sessionId: string) {
      const row = await testCheckoutById(db, sessionId);
      return row ? testSession(row) : null;
    },
  };
}

/** The checkout page on the same site the payer returns to. */
export function testCheckoutUrl(successUrl: string, id: string) {
  return `${new URL(successUrl).origin}${PAYMENTS.TEST_CHECKOUT_PATH}/${encodeURIComponent(id)}`;
}

export function testSession(row: TestCheckoutRow): PaymentSession {
  return {
    id: row.id,
    paid: row.status === 'paid',
    amountPence: row.amount_pence,
    currency: PRICES.CURRENCY.toLowerCase(),
    purpose: row.purpose,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  };
}

/** Stripe's own template in success URLs, filled in as Stripe fills it. */
export function withSessionId(url: string, id: string) {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(id));
}
