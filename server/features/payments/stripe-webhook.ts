import express, { type Request, type Response } from 'express';
import type Stripe from 'stripe';
import { PAYMENTS } from '#shared/constants';
import { M } from '#shared/messages';
import type { Deps } from '../../deps';
import { notFound } from '../../http/not-found';
import { fulfilPaidSession } from './fulfil';
import { isWebhookEventProcessed, recordWebhookEvent } from './webhook-events.repo';

/** A Checkout Session paid now (card) or later (an async method such as Bacs Direct Debit). */
const FULFILLING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * POST /webhooks/stripe (stripe mode only; 404 otherwise). The raw body is verified against
 * STRIPE_WEBHOOK_SECRET; the session is then read back from Stripe (the event is a hint, the session the
 * fact) and fulfilled outside any transaction. An event id is recorded only once handled, so a replay
 * answers 200 and does nothing, while a failed fulfilment answers 500 and Stripe retries it.
 */
export function stripeWebhookRoutes(deps: Deps) {
  const routes = express.Router();
  routes.post(
    PAYMENTS.WEBHOOK_PATH,
    (req, res, next) => (deps.payments.mode === 'stripe' && deps.config.payments.stripe ? next() : notFound(req, res)),
    // Any content type: the signature covers the exact bytes, whatever Stripe labels them.
    express.raw({ type: () => true, limit: PAYMENTS.WEBHOOK_MAX_BYTES }),
    (req, res) => handle(deps, req, res),
  );
  return routes;
}

async function handle(deps: Deps, req: Request, res: Response) {
  const secret = deps.config.payments.stripe?.webhookSecret ?? '';
  const signature = req.headers['stripe-signature'];
  let event: Stripe.Event;
  try {
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw new Error('no signature or body');
    // stripe-node is loaded only in stripe mode (it is ~20 MB of memory, issue 8 B8).
    const { default: StripeLib } = await import('stripe');
    event = StripeLib.webhooks.constructEvent(req.body, signature, secret);
  } catch {
    res.status(400).json({ error: 'Invalid signature' });
    return;
  }

  if (await isWebhookEventProcessed(deps.db, event.id)) {
    res.json({ received: true });
    return;
  }
  if (FULFILLING_EVENTS.has(event.type)) {
    const sessionId = (event.data.object as { id?: unknown }).id;
    try {
      const session = typeof sessionId === 'string' ? await deps.payments.retrieve(sessionId) : null;
      // Not paid yet (an async method still clearing): async_payment_succeeded follows when it is.
      if (session?.paid) await fulfilPaidSession(deps, session);
    } catch (err) {
      deps.log.error({ err, eventId: event.id, sessionId }, 'stripe webhook fulfilment failed');
      res.status(500).json({ error: M.common.unexpected });
      return;
    }
  }
  await recordWebhookEvent(deps.db, { id: event.id, type: event.type, now: deps.clock.now().toISOString() });
  res.json({ received: true });
}
