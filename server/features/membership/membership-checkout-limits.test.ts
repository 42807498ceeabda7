import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { makeUser, rejection } from '../../../tests/helpers/factory';
import { makeTestDeps } from '../../../tests/helpers/test-deps';
import { RATE_LIMITS } from '../../constants';

// Issue 9 review M2: starting a checkout is counted per user (both plans share the count), so a loop
// cannot fill test_checkouts or spend the Stripe account's API allowance. Real migrations, fixed clock.

let t: Awaited<ReturnType<typeof makeTestDeps>>;
let ada: Awaited<ReturnType<typeof makeUser>>;
let bob: Awaited<ReturnType<typeof makeUser>>;

beforeEach(async () => {
  t = await makeTestDeps();
  await makeUser(t, 'admin@example.com'); // the first account is the admin
  ada = await makeUser(t, 'ada@example.com');
  bob = await makeUser(t, 'bob@example.com');
});

describe('membership checkouts are counted per user (issue 9 review M2)', () => {
  const rule = RATE_LIMITS.MEMBERSHIP_CHECKOUT;

  it(`allows ${rule.MAX_ATTEMPTS} checkouts of either plan in the window, then refuses without creating one`, async () => {
    const api = await ada.call();
    for (let i = 0; i < rule.MAX_ATTEMPTS; i++) {
      await (i % 2 === 0 ? api.membership.createPayment() : api.membership.createSubscription());
    }
    const count = async () => (await t.db.selectFrom('test_checkouts').select('id').execute()).length;
    expect(await count()).toBe(rule.MAX_ATTEMPTS);
    for (const next of [api.membership.createPayment, api.membership.createSubscription]) {
      const err = await rejection(next());
      expect(err.code).toBe('TOO_MANY_REQUESTS');
      expect(err.message).toBe(M.payments.tooManyCheckouts(rule.LOCKOUT_MS / 60_000));
    }
    expect(await count()).toBe(rule.MAX_ATTEMPTS);

    // Another user has a count of their own; the lockout ends after LOCKOUT_MS.
    await expect((await bob.call()).membership.createPayment()).resolves.toHaveProperty('url');
    t.clock.advance(rule.LOCKOUT_MS);
    await expect((await ada.call()).membership.createSubscription()).resolves.toHaveProperty('url');
  });
});
