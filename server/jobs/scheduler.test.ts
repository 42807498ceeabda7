import { describe, expect, it } from 'vitest';
import { PAYMENTS, TOKENS } from '#shared/constants';
import { makeTestDeps, signedInUser } from '../../tests/helpers/test-deps';
import { RATE_LIMITS, SESSION } from '../constants';
import { jobs } from './scheduler';

const job = (name: string) => jobs.find((j) => j.name === name)!;

describe('scheduled jobs', () => {
  it('expired-sessions removes only sessions past their expiry', async () => {
    const t = await makeTestDeps();
    await signedInUser(t, { email: 'ada@example.com' });
    await job('expired-sessions').run(t.deps);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    t.clock.advance(SESSION.TTL_MS + 1);
    await job('expired-sessions').run(t.deps);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });

  it('expired-email-tokens removes links past their expiry', async () => {
    const t = await makeTestDeps();
    await signedInUser(t, { email: 'ada@example.com' });
    const before = await t.db.selectFrom('email_tokens').select('id').execute();
    expect(before).toHaveLength(1);
    t.clock.advance(TOKENS.SIGNUP_TTL_MS + 1);
    await job('expired-email-tokens').run(t.deps);
    expect(await t.db.selectFrom('email_tokens').select('id').execute()).toHaveLength(0);
  });

  it('stale-rate-limits forgets old attempts but keeps a lockout that is still running', async () => {
    const t = await makeTestDeps();
    const rows = async () => (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    await t.deps.limits.signIn.attempt(['signin:email:a@example.com']);
    await t.deps.limits.signUp.attempt(['signup:ip:1']);
    t.clock.advance(50 * 60_000);
    await t.deps.limits.signUp.attempt(['signup:ip:1']);
    await t.deps.limits.signUp.attempt(['signup:ip:1']); // third in the window: locked for 60 minutes from now
    t.clock.advance(11 * 60_000 + 1);
    await job('stale-rate-limits').run(t.deps);
    expect(await rows()).toEqual(['signup:ip:1']);
    t.clock.advance(RATE_LIMITS.SIGN_UP.LOCKOUT_MS);
    await job('stale-rate-limits').run(t.deps);
    expect(await rows()).toEqual([]);
  });

  it('test-checkout-retention deletes test checkouts opened over a day ago, paid or not, and keeps newer ones', async () => {
    const t = await makeTestDeps();
    const open = (id: string, status: 'open' | 'paid') => {
      const now = t.clock.now().toISOString();
      return t.db
        .insertInto('test_checkouts')
        .values({
          id,
          purpose: 'download',
          amount_pence: 500,
          description: 'Attendee list',
          success_url: 'http://localhost/ok',
          cancel_url: 'http://localhost/no',
          metadata: '{}',
          status,
          created_at: now,
          updated_at: now,
        })
        .execute();
    };
    const ids = async () =>
      (await t.db.selectFrom('test_checkouts').select('id').orderBy('id').execute()).map((r) => r.id);
    await open('old-open', 'open');
    await open('old-paid', 'paid');
    t.clock.advance(60 * 60_000);
    await open('newer', 'open');
    t.clock.advance(PAYMENTS.TEST_CHECKOUT_KEEP_MS - 60 * 60_000); // the first two are exactly a day old
    await job('test-checkout-retention').run(t.deps);
    expect(await ids()).toEqual(['newer', 'old-open', 'old-paid']);
    t.clock.advance(1);
    await job('test-checkout-retention').run(t.deps);
    expect(await ids()).toEqual(['newer']);
    t.clock.advance(60 * 60_000);
    await job('test-checkout-retention').run(t.deps);
    expect(await ids()).toEqual([]);
  });
});
