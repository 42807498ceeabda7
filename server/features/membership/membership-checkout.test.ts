import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentGateway, PaymentSession } from '#server/features/payments/gateway';
import { settleTestCheckout } from '#server/features/payments/test-checkouts.repo';
import { M } from '#shared/messages';
import { eventForm, makeUser, rejection } from '../../../tests/helpers/factory';
import { browser, makeTestDeps } from '../../../tests/helpers/test-deps';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
type U = Awaited<ReturnType<typeof makeUser>>;
let t: T;
let ada: U;
let bob: U;

async function world(...args: Parameters<typeof makeTestDeps>) {
  t = await makeTestDeps(...args);
  await makeUser(t, 'admin@example.com'); // the first account is the admin (who may always create)
  ada = await makeUser(t, 'ada@example.com');
  bob = await makeUser(t, 'bob@example.com');
}

/** The session id in a test-checkout URL (/test-checkout/{id}). */
const sessionOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
const pay = (id: string) => settleTestCheckout(t.db, id, 'paid', t.clock.now().toISOString());
const rows = (userId: string) =>
  t.db
    .selectFrom('user_memberships')
    .select(['membership_type', 'is_active', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
/** Moves the clock months ahead; the session has long expired by then, so sign in again. */
async function later(u: U, iso: string) {
  t.clock.set(iso);
  await (await u.call()).auth.signIn({ email: u.email, password: 'Str0ng!Pass' });
}
const eventsOf = (userId: string) => t.db.selectFrom('events').select('id').where('user_id', '=', userId).execute();

/** Buys a plan on the built-in test checkout and comes back to /membership-success. */
async function buy(u: U, type: 'one_time' | 'annual') {
  const api = await u.call();
  const { url } =
    type === 'one_time' ? await api.membership.createPayment() : await api.membership.createSubscription();
  const id = sessionOf(url);
  await pay(id);
  return { id, result: await (await u.call()).membership.verifyPayment({ sessionId: id, type }) };
}

describe('membership checkout on the test gateway (spec §7 create-payment, create-subscription)', () => {
  beforeEach(() => world());

  it('pay-as-you-go: £10, a one-off checkout returning to /membership-success with type=one_time', async () => {
    const { url } = await (await ada.call()).membership.createPayment();
    const row = await t.db
      .selectFrom('test_checkouts')
      .selectAll()
      .where('id', '=', sessionOf(url))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'membership-one-time', amount_pence: 1000, status: 'open' });
    expect(row.success_url).toBe(
      `${t.deps.linkOrigin.get()}/membership-success?session_id={CHECKOUT_SESSION_ID}&type=one_time`,
    );
    expect(row.cancel_url).toBe(`${t.deps.linkOrigin.get()}/membership`);
    expect(JSON.parse(row.metadata)).toEqual({ userId: ada.id });
    expect(await rows(ada.id)).toEqual([]); // nothing granted before payment
  });

  it('annual: £500 with type=annual', async () => {
    const { url } = await (await ada.call()).membership.createSubscription();
    const row = await t.db
      .selectFrom('test_checkouts')
      .selectAll()
      .where('id', '=', sessionOf(url))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'membership-annual', amount_pence: 50000 });
    expect(row.success_url).toContain('/membership-success?session_id={CHECKOUT_SESSION_ID}&type=annual');
  });

  it('signed out: refused', async () => {
    const anon = browser(t.deps);
    expect((await rejection((await anon.call()).membership.createPayment())).code).toBe('UNAUTHORIZED');
    expect(
      (await rejection((await anon.call()).membership.verifyPayment({ sessionId: 'x', type: 'annual' }))).code,
    ).toBe('UNAUTHORIZED');
  });
});

describe('verify → create → gate (spec §2 /membership-success, §4)', () => {
  beforeEach(() => world());

  it('pay-as-you-go: one verified payment pays for exactly one event', async () => {
    expect((await rejection((await ada.call()).events.create(eventForm()))).code).toBe('FORBIDDEN');
    const { result } = await buy(ada, 'one_time');
    expect(result).toEqual({ verified: true, membershipType: 'one_time' });
    expect(await (await ada.call()).membership.check()).toEqual({
      type: 'pay-as-you-go',
      isActive: true,
      canCreateEvents: true,
    });
    await (await ada.call()).events.create(eventForm());
    expect(await (await ada.call()).membership.check()).toEqual({
      type: 'pay-as-you-go',
      isActive: false,
      canCreateEvents: false,
    });
    expect(await rejection((await ada.call()).events.create(eventForm()))).toEqual({
      code: 'FORBIDDEN',
      message: M.membership.createForbidden,
    });
    expect(await eventsOf(ada.id)).toHaveLength(1);
  });

  it('annual: many events for 12 months, then "annual, inactive" (the gate\'s Membership Expired)', async () => {
    expect((await buy(ada, 'annual')).result).toEqual({ verified: true, membershipType: 'annual' });
    for (let i = 0; i < 3; i++) await (await ada.call()).events.create(eventForm());
    expect(await eventsOf(ada.id)).toHaveLength(3);
    expect(await rows(ada.id)).toEqual([
      { membership_type: 'annual', is_active: 1, expires_at: '2027-11-22T12:00:00.000Z' },
    ]);
    await later(ada, '2027-11-22T11:59:59.000Z'); // the last second of the 12 months
    expect((await (await ada.call()).membership.check()).canCreateEvents).toBe(true);
    t.clock.set('2027-11-22T12:00:00.000Z');
    expect(await (await ada.call()).membership.check()).toEqual({
      type: 'annual',
      isActive: false,
      canCreateEvents: false,
    });
    expect((await rejection((await ada.call()).events.create(eventForm({ event_date: '2027-12-01' })))).code).toBe(
      'FORBIDDEN',
    );
  });

  it('annual bought while one runs extends it: the new 12 months start at the old end', async () => {
    await buy(ada, 'annual');
    await later(ada, '2027-05-01T00:00:00.000Z');
    await buy(ada, 'annual');
    const ends = (await rows(ada.id)).map((r) => r.expires_at).sort();
    expect(ends).toEqual(['2027-11-22T12:00:00.000Z', '2028-11-22T12:00:00.000Z']);
    await later(ada, '2028-11-01T00:00:00.000Z');
    expect((await (await ada.call()).membership.check()).isActive).toBe(true);
  });

  it('verifying the same session twice, even at once, grants once', async () => {
    const { url } = await (await ada.call()).membership.createPayment();
    await pay(sessionOf(url));
    const verify = async () =>
      (await ada.call()).membership.verifyPayment({ sessionId: sessionOf(url), type: 'one_time' });
    const results = await Promise.all([verify(), verify(), verify()]);
    expect(results).toEqual(Array(3).fill({ verified: true, membershipType: 'one_time' }));
    expect(await verify()).toEqual({ verified: true, membershipType: 'one_time' });
    expect(await rows(ada.id)).toHaveLength(1);
    await (await ada.call()).events.create(eventForm());
    expect((await rejection((await ada.call()).events.create(eventForm()))).code).toBe('FORBIDDEN');
  });

  it("someone else's paid session is refused and grants nothing to either", async () => {
    const { url } = await (await ada.call()).membership.createPayment();
    await pay(sessionOf(url));
    const r = await (await bob.call()).membership.verifyPayment({ sessionId: sessionOf(url), type: 'one_time' });
    expect(r).toEqual({ verified: false, membershipType: null, error: M.membership.verifyIssue });
    expect(await rows(bob.id)).toEqual([]);
    expect(await rows(ada.id)).toEqual([]);
  });

  it('an unpaid session is refused', async () => {
    const { url } = await (await ada.call()).membership.createSubscription();
    const r = await (await ada.call()).membership.verifyPayment({ sessionId: sessionOf(url), type: 'annual' });
    expect(r).toEqual({ verified: false, membershipType: null, error: M.membership.verifyIssue });
    expect(await rows(ada.id)).toEqual([]);
  });

  it('an unknown session id, or a one-off session presented as annual, is refused', async () => {
    const unknown = await (await ada.call()).membership.verifyPayment({ sessionId: 'cs_test_nope', type: 'annual' });
    expect(unknown.verified).toBe(false);
    const { url } = await (await ada.call()).membership.createPayment();
    await pay(sessionOf(url));
    const asAnnual = await (await ada.call()).membership.verifyPayment({ sessionId: sessionOf(url), type: 'annual' });
    expect(asAnnual).toEqual({ verified: false, membershipType: null, error: M.membership.verifyIssue });
    expect(await rows(ada.id)).toEqual([]);
  });

  it('an empty session id is a validation error', async () => {
    const err = await rejection((await ada.call()).membership.verifyPayment({ sessionId: ' ', type: 'one_time' }));
    expect(err.code).toBe('BAD_REQUEST');
  });
});

/** A provider that cannot be reached. */
const unreachable: PaymentGateway = {
  mode: 'stripe',
  createCheckout: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:12111');
  },
  retrieve: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:12111');
  },
};

describe('provider failures create nothing (spec §8 membership)', () => {
  beforeEach(() => world({}, { payments: unreachable }));

  it('create-payment: "Failed to create payment session"', async () => {
    expect(await rejection((await ada.call()).membership.createPayment())).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: M.membership.paymentSessionFailed,
    });
    expect(await rows(ada.id)).toEqual([]);
  });

  it('create-subscription: "Failed to create subscription session"', async () => {
    expect(await rejection((await ada.call()).membership.createSubscription())).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: M.membership.subscriptionSessionFailed,
    });
  });

  it('verify-payment: "Failed to verify payment", nothing granted', async () => {
    const r = await (await ada.call()).membership.verifyPayment({ sessionId: 'cs_test_1', type: 'one_time' });
    expect(r).toEqual({ verified: false, membershipType: null, error: M.membership.verifyFailed });
    expect(await rows(ada.id)).toEqual([]);
  });
});

describe('a provider that says paid for a session bought by the caller', () => {
  const paidSession = (over: Partial<PaymentSession>): PaymentSession => ({
    id: 'cs_live_1',
    paid: true,
    amountPence: 50000,
    currency: 'gbp',
    purpose: 'membership-annual',
    metadata: { userId: '' },
    ...over,
  });
  let session: PaymentSession;
  const stub: PaymentGateway = {
    mode: 'stripe',
    createCheckout: async () => ({ id: 'cs_live_1', url: 'https://checkout.example/cs_live_1' }),
    retrieve: async (id) => (id === session.id ? session : null),
  };

  beforeEach(() => world({}, { payments: stub }));

  it("is granted from the provider's answer, not the browser's: paid false is refused", async () => {
    session = paidSession({ metadata: { userId: ada.id }, paid: false });
    expect(
      (await (await ada.call()).membership.verifyPayment({ sessionId: 'cs_live_1', type: 'annual' })).verified,
    ).toBe(false);
    session = paidSession({ metadata: { userId: ada.id } });
    expect(
      (await (await ada.call()).membership.verifyPayment({ sessionId: 'cs_live_1', type: 'annual' })).verified,
    ).toBe(true);
    expect(await rows(ada.id)).toHaveLength(1);
  });
});

describe('PAYMENTS=off: no gate, nothing sold', () => {
  beforeEach(() => world({ PAYMENTS: 'off' }));

  it('anyone signed in may create events, and check says so', async () => {
    expect(t.deps.payments.mode).toBe('off');
    expect(await (await ada.call()).membership.check()).toEqual({
      type: 'none',
      isActive: false,
      canCreateEvents: true,
    });
    await (await ada.call()).events.create(eventForm());
    await (await ada.call()).events.create(eventForm());
    await (await bob.call()).events.create(eventForm());
    expect(await eventsOf(ada.id)).toHaveLength(2);
    expect(await rows(ada.id)).toEqual([]);
  });

  it('the purchase procedures refuse with the off text', async () => {
    expect(await rejection((await ada.call()).membership.createPayment())).toEqual({
      code: 'BAD_REQUEST',
      message: M.membership.paymentsOff,
    });
    expect((await rejection((await ada.call()).membership.createSubscription())).message).toBe(
      M.membership.paymentsOff,
    );
    const r = await (await ada.call()).membership.verifyPayment({ sessionId: 'x', type: 'one_time' });
    expect(r).toEqual({ verified: false, membershipType: null, error: M.membership.paymentsOff });
  });
});
