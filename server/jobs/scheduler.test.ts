import { describe, expect, it } from 'vitest';
import { SESSION, TOKENS } from '#shared/constants';
import { makeTestDeps, signedInUser } from '../../tests/helpers/test-deps';
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
});
