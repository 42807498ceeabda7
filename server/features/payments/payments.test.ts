import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { type FakeStripe, startFakeStripe } from '../../../tests/fakes/stripe';
import { makeUser } from '../../../tests/helpers/factory';
import { browser, makeTestDeps, rejection } from '../../../tests/helpers/test-deps';
import { AppError } from '../../lib/errors';
import { membershipsOf } from '../membership/membership.repo';
import type { CheckoutRequest } from './gateway';
import { createTestGateway } from './test-gateway';

type T = Awaited<ReturnType<typeof makeTestDeps>>;

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.stop());

const annualFor = (userId: string): CheckoutRequest => ({
  purpose: 'membership-annual',
  amountPence: 50000,
  description: 'Roomlist Annual membership',
  successUrl: 'http://localhost:3000/membership-success?session_id={CHECKOUT_SESSION_ID}&type=annual',
  cancelUrl: 'http://localhost:3000/membership',
  metadata: { userId },
  recurring: 'year',
});

const anon = (t: T) => browser(t.deps).call();

describe('payments mode, chosen by configuration', () => {
  it('is test with no key, off with PAYMENTS=off, stripe with a secret key', async () => {
    expect(await (await anon(await makeTestDeps())).payments.mode()).toEqual({ mode: 'test' });
    expect(await (await anon(await makeTestDeps({ PAYMENTS: 'off' }))).payments.mode()).toEqual({ mode: 'off' });
    expect(await (await anon(await makeTestDeps(fake.env))).payments.mode()).toEqual({ mode: 'stripe' });
  });

  it('off: nothing can be sold and no session exists', async () => {
    const t = await makeTestDeps({ PAYMENTS: 'off' });
    const err = await t.deps.payments.createCheckout(annualFor('u')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(M.payments.off);
    expect(await t.deps.payments.retrieve('cs_anything')).toBeNull();
  });

  it('stripe: sessions are created at Stripe (the fake), not in the test checkout table', async () => {
    const t = await makeTestDeps(fake.env);
    const before = fake.state.created.length;
    const s = await t.deps.payments.createCheckout(annualFor('u'));
    expect(s.url.startsWith(fake.url)).toBe(true);
    expect(fake.state.created.length).toBe(before + 1);
    expect(await t.db.selectFrom('test_checkouts').select('id').execute()).toEqual([]);
  });
});

describe('built-in test checkout', () => {
  let t: T;
  let userId: string;
  beforeAll(async () => {
    t = await makeTestDeps();
    userId = (await makeUser(t, 'buyer@example.com')).id;
  });
  const grants = async () => (await membershipsOf(t.db, userId)).length;

  it('opens a checkout on the payer’s own site under an unguessable id, unpaid', async () => {
    const a = await t.deps.payments.createCheckout(annualFor(userId));
    const b = await t.deps.payments.createCheckout(annualFor(userId));
    expect(a.id).toMatch(/^cs_roomlist_test_[a-z2-9]{32}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.url).toBe(`http://localhost:3000/test-checkout/${a.id}`);
    expect(await t.deps.payments.retrieve(a.id)).toEqual({
      id: a.id,
      paid: false,
      amountPence: 50000,
      currency: 'gbp',
      purpose: 'membership-annual',
      metadata: { userId },
    });
    expect(await t.deps.payments.retrieve('cs_roomlist_test_unknown')).toBeNull();
  });

  it('shows the page only what it needs: no metadata, no return URLs', async () => {
    const { id } = await t.deps.payments.createCheckout(annualFor(userId));
    expect(await (await anon(t)).payments.testCheckout.get({ id })).toEqual({
      id,
      description: 'Roomlist Annual membership',
      amountPence: 50000,
      status: 'open',
    });
  });

  it('pays once however often Pay is pressed, and grants once', async () => {
    const before = await grants();
    const { id } = await t.deps.payments.createCheckout(annualFor(userId));
    const caller = await anon(t);
    const [first, second] = await Promise.all([
      caller.payments.testCheckout.pay({ id }),
      caller.payments.testCheckout.pay({ id }),
    ]);
    const third = await caller.payments.testCheckout.pay({ id });
    const success = `http://localhost:3000/membership-success?session_id=${id}&type=annual`;
    expect([first, second, third]).toEqual([
      { redirectUrl: success },
      { redirectUrl: success },
      { redirectUrl: success },
    ]);
    expect(await grants()).toBe(before + 1);
    expect(await t.deps.payments.retrieve(id)).toMatchObject({ paid: true });
    expect((await caller.payments.testCheckout.get({ id })).status).toBe('paid');
    // A paid checkout cannot be cancelled afterwards.
    const e = await rejection(caller.payments.testCheckout.cancel({ id }));
    expect([e.code, e.message]).toEqual(['CONFLICT', M.payments.testCheckout.alreadyPaid]);
  });

  it('cancel grants nothing, returns to the cancel URL, and the checkout cannot be paid afterwards', async () => {
    const before = await grants();
    const { id } = await t.deps.payments.createCheckout(annualFor(userId));
    const caller = await anon(t);
    expect(await caller.payments.testCheckout.cancel({ id })).toEqual({
      redirectUrl: 'http://localhost:3000/membership',
    });
    expect(await caller.payments.testCheckout.cancel({ id })).toEqual({
      redirectUrl: 'http://localhost:3000/membership',
    });
    const e = await rejection(caller.payments.testCheckout.pay({ id }));
    expect([e.code, e.message]).toEqual(['CONFLICT', M.payments.testCheckout.cancelled]);
    expect(await grants()).toBe(before);
    expect(await t.deps.payments.retrieve(id)).toMatchObject({ paid: false });
    expect((await caller.payments.testCheckout.get({ id })).status).toBe('cancelled');
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const caller = await anon(t);
    // one at a time: a call started early could fail before anything listens for its failure
    for (const call of [
      () => caller.payments.testCheckout.get({ id: 'cs_roomlist_test_nope' }),
      () => caller.payments.testCheckout.pay({ id: 'cs_roomlist_test_nope' }),
      () => caller.payments.testCheckout.cancel({ id: 'cs_roomlist_test_nope' }),
    ]) {
      const e = await rejection(call());
      expect([e.code, e.message]).toEqual(['NOT_FOUND', M.payments.testCheckout.notFound]);
    }
  });
});

describe.each([
  ['off', { PAYMENTS: 'off' }],
  ['stripe', () => fake.env],
])('test checkout in %s mode', (_mode, env) => {
  it('does not exist: NOT_FOUND even for a checkout row that is there, and nothing is granted', async () => {
    const t = await makeTestDeps(typeof env === 'function' ? env() : env);
    const user = await makeUser(t, 'other@example.com');
    // A row left from when the server ran in test mode.
    const { id } = await createTestGateway(t.db, t.clock).createCheckout(annualFor(user.id));
    const caller = await anon(t);
    for (const call of [
      () => caller.payments.testCheckout.get({ id }),
      () => caller.payments.testCheckout.pay({ id }),
      () => caller.payments.testCheckout.cancel({ id }),
    ]) {
      expect((await rejection(call())).code).toBe('NOT_FOUND');
    }
    expect(await membershipsOf(t.db, user.id)).toEqual([]);
  });
});
