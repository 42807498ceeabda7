import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS } from '#shared/constants';
import { M } from '#shared/messages';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { eventForm } from '../helpers/factory';
import { startTestServer, type TestServer } from '../helpers/server';

// Issue 9 item 2 through the real server over HTTP: buy a membership, come back to /membership-success,
// create an event, meet the gate. In each payments mode: the built-in test checkout, Stripe (a loopback
// fake, reached through the real stripe-node adapter) and off.

type Client = Awaited<ReturnType<TestServer['signedIn']>>;

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCClientError);
  const e = err as { data?: { code?: string }; message: string };
  return { code: e.data?.code, message: e.message };
}

const memberships = (s: TestServer, userId: string) =>
  s.deps.db
    .selectFrom('user_memberships')
    .select(['membership_type', 'is_active'])
    .where('user_id', '=', userId)
    .execute();

/** The query of the URL the payer lands on after paying. */
const landing = (url: string) => {
  const u = new URL(url);
  return { path: u.pathname, sessionId: u.searchParams.get('session_id') ?? '', type: u.searchParams.get('type') };
};

describe('test checkout (no STRIPE_SECRET_KEY)', () => {
  let s: TestServer;
  let ada: Client;
  let bob: Client;
  beforeAll(async () => {
    s = await startTestServer();
    await s.signedIn('admin@example.com'); // the first account is the admin, who may always create
    ada = await s.signedIn('ada@example.com');
    bob = await s.signedIn('bob@example.com');
  });
  afterAll(() => s?.stop());

  it('pay-as-you-go: pay on the test page, verify on the success page, one event, then the gate', async () => {
    const { url } = await ada.trpc.membership.createPayment.mutate();
    expect(url.startsWith(`${s.url}${PAYMENTS.TEST_CHECKOUT_PATH}/`)).toBe(true);
    const id = decodeURIComponent(url.split('/').pop() ?? '');

    // The payer on the checkout page (public, like Stripe's): Pay fulfils as Stripe's webhook would.
    const { redirectUrl } = await s.client().trpc.payments.testCheckout.pay.mutate({ id });
    const back = landing(redirectUrl);
    expect(back).toEqual({ path: '/membership-success', sessionId: id, type: 'one_time' });

    // Bob holding Ada's session id gets nothing.
    expect(await bob.trpc.membership.verifyPayment.mutate({ sessionId: id, type: 'one_time' })).toEqual({
      verified: false,
      membershipType: null,
      error: M.membership.verifyIssue,
    });

    // The success page verifies after the checkout already fulfilled: still one grant.
    const verified = await ada.trpc.membership.verifyPayment.mutate({ sessionId: id, type: 'one_time' });
    expect(verified).toEqual({ verified: true, membershipType: 'one_time' });
    await ada.trpc.membership.verifyPayment.mutate({ sessionId: id, type: 'one_time' });
    expect(await memberships(s, ada.user.id)).toEqual([{ membership_type: 'one_time', is_active: 1 }]);
    expect(await memberships(s, bob.user.id)).toEqual([]);

    await ada.trpc.events.create.mutate(eventForm({ event_date: '2099-01-01' }));
    expect(await ada.trpc.membership.check.query()).toEqual({
      type: 'pay-as-you-go',
      isActive: false,
      canCreateEvents: false,
    });
    expect(await refusal(ada.trpc.events.create.mutate(eventForm({ event_date: '2099-01-02' })))).toEqual({
      code: 'FORBIDDEN',
      message: M.membership.createForbidden,
    });
  });

  it('an unpaid (open) checkout does not verify', async () => {
    const { url } = await bob.trpc.membership.createSubscription.mutate();
    const id = decodeURIComponent(url.split('/').pop() ?? '');
    expect((await bob.trpc.membership.verifyPayment.mutate({ sessionId: id, type: 'annual' })).verified).toBe(false);
    expect(await memberships(s, bob.user.id)).toEqual([]);
  });
});

describe('Stripe (loopback fake)', () => {
  let fake: FakeStripe;
  let s: TestServer;
  let ada: Client;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await startTestServer({ env: fake.env });
    await s.signedIn('admin@example.com');
    ada = await s.signedIn('ada@example.com');
  });
  afterAll(async () => {
    await s?.stop();
    await fake?.stop();
  });

  it('Stripe unreachable or failing: the spec failure texts, nothing created', async () => {
    fake.state.unreachable = true;
    expect(await refusal(ada.trpc.membership.createSubscription.mutate())).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: M.membership.subscriptionSessionFailed,
    });
    fake.state.unreachable = false;
    fake.state.failWith = 500;
    expect(await refusal(ada.trpc.membership.createPayment.mutate())).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: M.membership.paymentSessionFailed,
    });
    expect((await ada.trpc.membership.verifyPayment.mutate({ sessionId: 'cs_test_x', type: 'annual' })).error).toBe(
      M.membership.verifyFailed,
    );
    fake.state.failWith = null;
    expect(fake.sessions.size).toBe(0);
    expect(await memberships(s, ada.user.id)).toEqual([]);
  });

  // Annual is one payment for 12 months (renewed by buying again), never a card charged automatically:
  // a renewal Roomlist did not grant would take money for nothing (docs/decisions).
  it('annual: one payment of £500, not a subscription; verified from Stripe, then many events', async () => {
    const { url } = await ada.trpc.membership.createSubscription.mutate();
    const [created] = fake.state.created.slice(-1);
    expect(created).toMatchObject({
      mode: 'payment',
      customer_email: 'ada@example.com',
      success_url: `${s.url}/membership-success?session_id={CHECKOUT_SESSION_ID}&type=annual`,
      cancel_url: `${s.url}/membership`,
      metadata: { userId: ada.user.id, purpose: 'membership-annual' },
      line_items: { 0: { price_data: { unit_amount: '50000', currency: 'gbp' } } },
    });
    expect(JSON.stringify(created)).not.toContain('recurring');
    const id = [...fake.sessions.values()].find((x) => x.url === url)?.id ?? '';
    expect((await ada.trpc.membership.verifyPayment.mutate({ sessionId: id, type: 'annual' })).verified).toBe(false);
    fake.markPaid(id);
    expect(await ada.trpc.membership.verifyPayment.mutate({ sessionId: id, type: 'annual' })).toEqual({
      verified: true,
      membershipType: 'annual',
    });
    for (const day of ['2099-01-01', '2099-01-02', '2099-01-03']) {
      await ada.trpc.events.create.mutate(eventForm({ event_date: day }));
    }
    expect(await memberships(s, ada.user.id)).toEqual([{ membership_type: 'annual', is_active: 1 }]);
  });
});

describe('PAYMENTS=off', () => {
  let s: TestServer;
  let ada: Client;
  beforeAll(async () => {
    s = await startTestServer({ env: { PAYMENTS: 'off' } });
    await s.signedIn('admin@example.com');
    ada = await s.signedIn('ada@example.com');
  });
  afterAll(() => s?.stop());

  it('no gate: a member without a plan creates events; nothing is sold', async () => {
    expect(await ada.trpc.membership.check.query()).toEqual({ type: 'none', isActive: false, canCreateEvents: true });
    await ada.trpc.events.create.mutate(eventForm({ event_date: '2099-01-01' }));
    await ada.trpc.events.create.mutate(eventForm({ event_date: '2099-01-02' }));
    expect(await refusal(ada.trpc.membership.createPayment.mutate())).toEqual({
      code: 'BAD_REQUEST',
      message: M.membership.paymentsOff,
    });
    expect(await memberships(s, ada.user.id)).toEqual([]);
  });
});
