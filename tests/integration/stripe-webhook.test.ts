import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '#server/db/dialect';
import { fulfilPaidSession } from '#server/features/payments/fulfil';
import type { CheckoutRequest } from '#server/features/payments/gateway';
import { PAYMENTS } from '#shared/constants';
import { deliverWebhook, FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { startTestServer, type TestServer } from '../helpers/server';

// Issue 9 items 1 and 6 through the real server: POST /webhooks/stripe verifies Stripe's signature on
// the raw body, reads the session back from Stripe (the loopback fake) and fulfils exactly once, whatever
// the order of webhook, redelivery and the success page's verification.

let fake: FakeStripe;
let server: TestServer;
let userId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({ env: fake.env });
  userId = (await server.signedIn('buyer@example.com')).user.id;
});
afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});
beforeEach(() => {
  fake.state.failWith = null;
  fake.state.unreachable = false;
});

const annualFor = (id: string): CheckoutRequest => ({
  purpose: 'membership-annual',
  amountPence: 50000,
  description: 'Roomlist Annual membership',
  successUrl: `${server.url}/membership-success?session_id={CHECKOUT_SESSION_ID}&type=annual`,
  cancelUrl: `${server.url}/membership`,
  metadata: { userId: id },
  recurring: 'year',
});

const grantsFor = async (sessionId: string) =>
  (
    await server.deps.db
      .selectFrom('user_memberships')
      .select('id')
      .where('payment_session_id', '=', sessionId)
      .execute()
  ).length;
const recorded = async (eventId: string) =>
  (await server.deps.db.selectFrom('stripe_webhook_events').select('id').where('id', '=', eventId).execute()).length;

/** A checkout the buyer has paid at Stripe. */
async function paidSession(forUser = userId) {
  const { id } = await server.deps.payments.createCheckout(annualFor(forUser));
  fake.markPaid(id);
  return id;
}

describe('POST /webhooks/stripe', () => {
  it('refuses a missing, wrongly signed or altered delivery with 400 and changes nothing', async () => {
    const id = await paidSession();
    const good = fake.webhook('checkout.session.completed', id);
    const wrongSecret = fake.webhook('checkout.session.completed', id, { secret: 'whsec_someone_else' });
    const stale = fake.webhook('checkout.session.completed', id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const hits = fake.state.hits;
    for (const delivery of [
      { body: good.body },
      wrongSecret,
      stale,
      { body: good.body.replace('"livemode":false', '"livemode":true'), signature: good.signature },
      { body: 'not json', signature: good.signature },
    ]) {
      const res = await deliverWebhook(server.url, delivery);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Invalid signature' });
    }
    expect(fake.state.hits).toBe(hits); // nothing was asked of Stripe
    expect(await grantsFor(id)).toBe(0);
    expect(await recorded(good.eventId)).toBe(0);
  });

  it('grants a paid checkout once: the event verified, the session read back from Stripe', async () => {
    const id = await paidSession();
    const event = fake.webhook('checkout.session.completed', id);
    const hits = fake.state.hits;
    const res = await deliverWebhook(server.url, event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(fake.state.hits).toBe(hits + 1); // the retrieve
    expect(await grantsFor(id)).toBe(1);
    const [m] = await server.deps.db
      .selectFrom('user_memberships')
      .select(['user_id', 'membership_type', 'is_active'])
      .where('payment_session_id', '=', id)
      .execute();
    expect(m).toEqual({ user_id: userId, membership_type: 'annual', is_active: 1 });
    expect(await recorded(event.eventId)).toBe(1);
  });

  it('a replayed event id and a second event for the same session grant once', async () => {
    const id = await paidSession();
    const completed = fake.webhook('checkout.session.completed', id);
    for (let i = 0; i < 3; i++) expect((await deliverWebhook(server.url, completed)).status).toBe(200);
    const async = fake.webhook('checkout.session.async_payment_succeeded', id);
    expect((await deliverWebhook(server.url, async)).status).toBe(200);
    expect(await grantsFor(id)).toBe(1);
  });

  it('takes the paid state from Stripe, not from the event: an unpaid session grants nothing until it clears', async () => {
    const { id } = await server.deps.payments.createCheckout(annualFor(userId));
    // The event claims a paid session; Stripe still says unpaid (an async method clearing).
    fake.sessions.get(id)!.payment_status = 'unpaid';
    const forged = fake.webhook('checkout.session.completed', id);
    expect((await deliverWebhook(server.url, forged)).status).toBe(200);
    expect(await grantsFor(id)).toBe(0);
    fake.markPaid(id);
    expect(
      (await deliverWebhook(server.url, fake.webhook('checkout.session.async_payment_succeeded', id))).status,
    ).toBe(200);
    expect(await grantsFor(id)).toBe(1);
  });

  it('webhook then success page, and success page then webhook, fulfil exactly once', async () => {
    const first = await paidSession();
    expect((await deliverWebhook(server.url, fake.webhook('checkout.session.completed', first))).status).toBe(200);
    const again = await fulfilPaidSession(server.deps, (await server.deps.payments.retrieve(first))!);
    expect(again).toEqual({ fulfilled: true, alreadyFulfilled: true });
    expect(await grantsFor(first)).toBe(1);

    const second = await paidSession();
    const byPage = await fulfilPaidSession(server.deps, (await server.deps.payments.retrieve(second))!);
    expect(byPage).toEqual({ fulfilled: true, alreadyFulfilled: false });
    expect((await deliverWebhook(server.url, fake.webhook('checkout.session.completed', second))).status).toBe(200);
    expect(await grantsFor(second)).toBe(1);
  });

  it('answers 500 and records nothing when Stripe cannot be asked, so Stripe’s retry grants later', async () => {
    const id = await paidSession();
    const event = fake.webhook('checkout.session.completed', id);
    fake.state.unreachable = true;
    expect((await deliverWebhook(server.url, event)).status).toBe(500);
    expect(await recorded(event.eventId)).toBe(0);
    expect(await grantsFor(id)).toBe(0);
    fake.state.unreachable = false;
    expect((await deliverWebhook(server.url, event)).status).toBe(200);
    expect(await grantsFor(id)).toBe(1);
  });

  it('answers 500 and does not record the event when fulfilment fails', async () => {
    // The database refuses the grant (a real trigger stands in for any write failure).
    if (isPostgres(server.deps.db)) {
      await sql`CREATE OR REPLACE FUNCTION refuse_grant() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(server.deps.db);
      await sql`CREATE TRIGGER refuse_grant BEFORE INSERT ON user_memberships
        FOR EACH ROW EXECUTE FUNCTION refuse_grant()`.execute(server.deps.db);
    } else {
      await sql`CREATE TRIGGER refuse_grant BEFORE INSERT ON user_memberships
        BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(server.deps.db);
    }
    try {
      const id = await paidSession();
      const event = fake.webhook('checkout.session.completed', id);
      const res = await deliverWebhook(server.url, event);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'Unexpected error occurred' });
      expect(await recorded(event.eventId)).toBe(0);
      // The redelivery is tried again, not waved through as already processed.
      expect((await deliverWebhook(server.url, event)).status).toBe(500);
      expect(await grantsFor(id)).toBe(0);
    } finally {
      if (isPostgres(server.deps.db)) await sql`DROP TRIGGER refuse_grant ON user_memberships`.execute(server.deps.db);
      else await sql`DROP TRIGGER refuse_grant`.execute(server.deps.db);
    }
  });

  it('answers 200 and records the event when the buyer deleted the account, so Stripe stops retrying', async () => {
    // No users row for the buyer any more: there is nothing to grant, and retrying cannot change that.
    const id = await paidSession('00000000-0000-4000-8000-000000000000');
    const event = fake.webhook('checkout.session.completed', id);
    const res = await deliverWebhook(server.url, event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await recorded(event.eventId)).toBe(1);
    expect(await grantsFor(id)).toBe(0);
  });

  it('acknowledges other event types without fulfilling anything', async () => {
    const id = await paidSession();
    const hits = fake.state.hits;
    const event = fake.webhook('checkout.session.expired', id);
    expect((await deliverWebhook(server.url, event)).status).toBe(200);
    expect(fake.state.hits).toBe(hits);
    expect(await grantsFor(id)).toBe(0);
    expect(await recorded(event.eventId)).toBe(1);
  });

  it('refuses a body over the cap', async () => {
    const body = JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(PAYMENTS.WEBHOOK_MAX_BYTES) });
    const res = await deliverWebhook(server.url, { body, signature: 't=1,v1=00' });
    expect(res.status).toBe(413);
  });
});

describe.each([
  ['test', {}],
  ['off', { PAYMENTS: 'off' }],
])('the webhook in %s mode', (_mode, env) => {
  it('does not exist (404), even for a correctly signed delivery', async () => {
    const s = await startTestServer({ env });
    try {
      const w = fake.webhook('checkout.session.completed', 'cs_test_x', { secret: FAKE_STRIPE_KEYS.webhook });
      const res = await deliverWebhook(s.url, w);
      expect(res.status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});
