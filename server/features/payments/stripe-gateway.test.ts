import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { type FakeStripe, startFakeStripe } from '../../../tests/fakes/stripe';
import { type CheckoutRequest, type PaymentGateway, PaymentProviderError } from './gateway';
import { createStripeGateway } from './stripe-gateway';

let fake: FakeStripe;
let gateway: PaymentGateway;

const annual: CheckoutRequest = {
  purpose: 'membership-annual',
  amountPence: 50000,
  description: 'Roomlist Annual membership',
  successUrl: 'https://rooms.example.com/membership-success?session_id={CHECKOUT_SESSION_ID}&type=annual',
  cancelUrl: 'https://rooms.example.com/membership',
  metadata: { userId: 'user-1' },
  recurring: 'year',
  customerEmail: 'ada@example.com',
};
const oneOff: CheckoutRequest = {
  purpose: 'download',
  amountPence: 1234,
  description: 'Attendee list (CSV)',
  successUrl: 'https://rooms.example.com/event-list/e1?download=success&format=csv&session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://rooms.example.com/event-list/e1?download=cancelled',
  metadata: { eventId: 'e1', format: 'csv' },
};

beforeAll(async () => {
  fake = await startFakeStripe();
  const stripe = loadConfig(fake.env).payments.stripe;
  if (!stripe) throw new Error('stripe settings expected');
  gateway = createStripeGateway(stripe);
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.state.failWith = null;
  fake.state.unreachable = false;
  fake.state.created.length = 0;
});

describe('Stripe adapter against the loopback fake', () => {
  it('creates an annual membership as a yearly GBP subscription with the return URLs and metadata', async () => {
    const session = await gateway.createCheckout(annual);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(fake.state.created).toHaveLength(1);
    expect(fake.state.created[0]).toMatchObject({
      mode: 'subscription',
      line_items: {
        0: {
          quantity: '1',
          price_data: {
            currency: 'gbp',
            unit_amount: '50000',
            product_data: { name: 'Roomlist Annual membership' },
            recurring: { interval: 'year' },
          },
        },
      },
      success_url: annual.successUrl,
      cancel_url: annual.cancelUrl,
      customer_email: 'ada@example.com',
      metadata: { userId: 'user-1', purpose: 'membership-annual' },
      subscription_data: { metadata: { userId: 'user-1', purpose: 'membership-annual' } },
    });
    expect(fake.state.created[0]).not.toHaveProperty('payment_intent_data');
  });

  it('creates a one-off GBP payment without a recurring price', async () => {
    await gateway.createCheckout(oneOff);
    const form = fake.state.created[0];
    expect(form).toMatchObject({
      mode: 'payment',
      line_items: { 0: { price_data: { currency: 'gbp', unit_amount: '1234' } } },
      metadata: { eventId: 'e1', format: 'csv', purpose: 'download' },
      payment_intent_data: { metadata: { eventId: 'e1', format: 'csv', purpose: 'download' } },
    });
    expect(JSON.stringify(form)).not.toContain('recurring');
    expect(form).not.toHaveProperty('subscription_data');
  });

  it('reads a session back: unpaid until the payer completes it, then paid with amount and purpose', async () => {
    const { id } = await gateway.createCheckout(oneOff);
    expect(await gateway.retrieve(id)).toEqual({
      id,
      paid: false,
      amountPence: 1234,
      currency: 'gbp',
      purpose: 'download',
      metadata: { eventId: 'e1', format: 'csv', purpose: 'download' },
    });
    fake.markPaid(id);
    expect(await gateway.retrieve(id)).toMatchObject({ id, paid: true, amountPence: 1234, purpose: 'download' });
  });

  it('counts a completed session that needed no payment as paid, and an unknown purpose as none', async () => {
    fake.put({ id: 'cs_free', status: 'complete', payment_status: 'no_payment_required', metadata: {} });
    expect(await gateway.retrieve('cs_free')).toMatchObject({ paid: true, purpose: null });
    fake.put({ id: 'cs_odd', status: 'complete', payment_status: 'paid', metadata: { purpose: 'yacht' } });
    expect(await gateway.retrieve('cs_odd')).toMatchObject({ paid: true, purpose: null });
  });

  it('answers null for a session Stripe does not know', async () => {
    expect(await gateway.retrieve('cs_test_missing')).toBeNull();
  });

  it.each([
    ['answers 500', { failWith: 500, unreachable: false }],
    ['is unreachable', { failWith: null, unreachable: true }],
  ])('throws PaymentProviderError when Stripe %s, and retrieval fails too', async (_, broken) => {
    Object.assign(fake.state, broken);
    const err = await gateway.createCheckout(annual).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(fake.state.created).toHaveLength(0);
    await expect(gateway.retrieve('cs_test_any')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refuses a wrong secret key (Stripe answers 401) as a provider failure', async () => {
    const broken = createStripeGateway({
      secretKey: 'sk_test_wrong',
      webhookSecret: 'whsec_x',
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
    });
    await expect(broken.createCheckout(oneOff)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
