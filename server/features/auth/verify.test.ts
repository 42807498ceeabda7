import { beforeEach, describe, expect, it } from 'vitest';
import { TOKENS } from '#shared/constants';
import { M } from '#shared/messages';
import { withCountingPasswords } from '../../../tests/helpers/passwords';
import {
  browser,
  signUpForm as form,
  makeTestDeps,
  rejection,
  signedInUser,
  tokenOf,
} from '../../../tests/helpers/test-deps';
import { RATE_LIMITS } from '../../constants';

let t: Awaited<ReturnType<typeof makeTestDeps>>;
beforeEach(async () => {
  t = await makeTestDeps();
});

describe('verification links', () => {
  it('a signup link works once', async () => {
    const c = await browser(t.deps).call();
    await c.auth.signUp(form('ada@example.com'));
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    await c.auth.verify({ token, type: 'signup' });
    expect((await rejection(c.auth.verify({ token, type: 'signup' }))).message).toBe(M.verify.signupFailed);
  });

  it('a signup link expires after 24 hours', async () => {
    const c = await browser(t.deps).call();
    await c.auth.signUp(form('ada@example.com'));
    t.clock.advance(TOKENS.SIGNUP_TTL_MS + 1);
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    expect((await rejection(c.auth.verify({ token, type: 'signup' }))).message).toBe(M.verify.signupFailed);
  });

  it('a token of one type does not work as another', async () => {
    const c = await browser(t.deps).call();
    await c.auth.signUp(form('ada@example.com'));
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    expect((await rejection(c.auth.verify({ token, type: 'magiclink' }))).message).toBe(M.verify.magiclinkFailed);
    expect(
      (await rejection(c.auth.resetPassword({ token, password: 'N3w!Secret', confirm_password: 'N3w!Secret' })))
        .message,
    ).toBe(M.verify.recoveryFailed);
  });

  it('password reset: the link is checked, sets the password once, signs in and ends other sessions', async () => {
    const { b: old } = await signedInUser(t, { email: 'ada@example.com' });
    const b = browser(t.deps);
    expect(await (await b.call()).auth.forgotPassword({ email: 'ada@example.com' })).toMatchObject({ ok: true });
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    expect(t.mail.lastLink('ada@example.com')).toContain('type=recovery');
    expect(await (await b.call()).auth.verify({ token, type: 'recovery' })).toMatchObject({ type: 'recovery' });
    const user = await (await b.call()).auth.resetPassword({
      token,
      password: 'N3w!Secret',
      confirm_password: 'N3w!Secret',
    });
    expect(user.email).toBe('ada@example.com');
    expect((await (await b.call()).auth.me())?.email).toBe('ada@example.com');
    expect(await (await old.call()).auth.me()).toBeNull();
    const again = await rejection(
      (await b.call()).auth.resetPassword({ token, password: 'An0ther!Pw', confirm_password: 'An0ther!Pw' }),
    );
    expect(again.message).toBe(M.verify.recoveryFailed);
    const fresh = await browser(t.deps, '192.0.2.5').call();
    await rejection(fresh.auth.signIn({ email: 'ada@example.com', password: 'Str0ng!Pass' }));
    expect((await fresh.auth.signIn({ email: 'ada@example.com', password: 'N3w!Secret' })).email).toBe(
      'ada@example.com',
    );
  });

  it('a recovery link expires after 1 hour', async () => {
    await signedInUser(t, { email: 'ada@example.com' });
    const c = await browser(t.deps).call();
    await c.auth.forgotPassword({ email: 'ada@example.com' });
    t.clock.advance(TOKENS.RECOVERY_TTL_MS + 1);
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    expect((await rejection(c.auth.verify({ token, type: 'recovery' }))).message).toBe(M.verify.recoveryFailed);
  });

  it('forgot password does not reveal whether an account exists', async () => {
    const c = await browser(t.deps).call();
    expect(await c.auth.forgotPassword({ email: 'nobody@example.com' })).toMatchObject({ ok: true });
    expect(t.mail.sent).toHaveLength(0);
    expect((await rejection(c.auth.forgotPassword({ email: '' }))).message).toBe(M.auth.emailRequired);
  });

  it('limits reset e-mails to 3 an hour per address, whether or not the account exists', async () => {
    await signedInUser(t, { email: 'ada@example.com' });
    for (let i = 0; i < 3; i++) {
      await (await browser(t.deps, `192.0.2.${i + 10}`).call()).auth.forgotPassword({ email: 'ada@example.com' });
    }
    const sent = t.mail.sent.length;
    const err = await rejection(
      (await browser(t.deps, '192.0.2.20').call()).auth.forgotPassword({ email: 'ada@example.com' }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe(M.auth.rateLimited);
    expect(t.mail.sent).toHaveLength(sent);
  });

  it(`one IP (a venue) asks for resets to ${RATE_LIMITS.PASSWORD_RESET_IP.MAX_ATTEMPTS} addresses an hour, then waits`, async () => {
    const ip = await browser(t.deps, '192.0.2.99').call();
    for (let i = 0; i < RATE_LIMITS.PASSWORD_RESET_IP.MAX_ATTEMPTS; i++)
      await ip.auth.forgotPassword({ email: `person${i}@example.com` });
    const err = await rejection(ip.auth.forgotPassword({ email: 'other@example.com' }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.cause?.details?.retryAfterMinutes).toBe(RATE_LIMITS.PASSWORD_RESET_IP.LOCKOUT_MS / 60_000);
    await (await browser(t.deps, '192.0.2.98').call()).auth.forgotPassword({ email: 'other@example.com' });
  });

  it('builds links from BASE_URL, never from the Host header, when BASE_URL is set', async () => {
    const withBase = await makeTestDeps({ BASE_URL: 'https://rooms.example.com' });
    await signedInUser(withBase, { email: 'ada@example.com' });
    await (await browser(withBase.deps).call()).auth.forgotPassword({ email: 'ada@example.com' });
    expect(withBase.mail.lastLink('ada@example.com')).toMatch(
      /^https:\/\/rooms\.example\.com\/auth\?token=[a-z0-9]+&type=recovery$/,
    );
  });

  it('the account page reset goes to the signed-in user only', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    expect(await (await b.call()).auth.sendPasswordReset()).toMatchObject({ ok: true, email: 'ada@example.com' });
    expect(t.mail.lastLink('ada@example.com')).toContain('type=recovery');
    expect((await rejection((await browser(t.deps).call()).auth.sendPasswordReset())).code).toBe('UNAUTHORIZED');
  });
});

describe('the cost of link checks (issue 6 item 5)', () => {
  const reset = (token: string) => ({ token, password: 'N3w!Secret', confirm_password: 'N3w!Secret' });

  it('an invalid or used recovery token is refused before any password is hashed', async () => {
    const c = withCountingPasswords(t);
    await signedInUser(c, { email: 'ada@example.com' });
    const b = browser(c.deps, '192.0.2.7');
    await (await b.call()).auth.forgotPassword({ email: 'ada@example.com' });
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    const hashesBefore = c.counts.hash;
    for (let i = 0; i < 10; i++) {
      const e = await rejection((await b.call()).auth.resetPassword(reset(`invalid${i}`.padEnd(32, 'x'))));
      expect(e.message).toBe(M.verify.recoveryFailed);
    }
    expect(c.counts.hash).toBe(hashesBefore);
    await (await b.call()).auth.resetPassword(reset(token));
    expect(c.counts.hash).toBe(hashesBefore + 1);
    // replaying the used token: refused, no hash
    expect((await rejection((await b.call()).auth.resetPassword(reset(token)))).message).toBe(M.verify.recoveryFailed);
    expect(c.counts.hash).toBe(hashesBefore + 1);
  });

  it(`one IP checks ${RATE_LIMITS.TOKEN_IP.MAX_ATTEMPTS} links or resets per 15 minutes, then waits`, async () => {
    await signedInUser(t, { email: 'ada@example.com' });
    await (await browser(t.deps).call()).auth.forgotPassword({ email: 'ada@example.com' });
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    const guesser = await browser(t.deps, '192.0.2.13').call();
    for (let i = 0; i < RATE_LIMITS.TOKEN_IP.MAX_ATTEMPTS; i++) {
      const guess = `guess${i}`.padEnd(32, '0');
      await rejection(
        i % 2 ? guesser.auth.verify({ token: guess, type: 'recovery' }) : guesser.auth.resetPassword(reset(guess)),
      );
    }
    // even the right token is refused from that IP now
    const over = await rejection(guesser.auth.verify({ token, type: 'recovery' }));
    expect(over.code).toBe('TOO_MANY_REQUESTS');
    expect(over.cause?.details?.retryAfterMinutes).toBe(RATE_LIMITS.TOKEN_IP.LOCKOUT_MS / 60_000);
    const owner = await browser(t.deps, '198.51.100.1').call();
    expect(await owner.auth.verify({ token, type: 'recovery' })).toMatchObject({ type: 'recovery' });
  });
});
