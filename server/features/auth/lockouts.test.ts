import { beforeEach, describe, expect, it } from 'vitest';
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

// Issue 6 item 2: a venue, an office or a campus puts hundreds of people behind one IP (and a reverse
// proxy without TRUST_PROXY puts everyone behind one). The spec's limits apply per account (or e-mail
// address) and IP; the per-IP ones are ceilings. The cheapest real scrypt keeps hundreds of attempts fast.
let t: ReturnType<typeof withCountingPasswords>;
beforeEach(async () => {
  t = withCountingPasswords(await makeTestDeps());
});

const VENUE = '203.0.113.50';
const signIn = (ip: string, email: string, password: string) =>
  browser(t.deps, ip)
    .call()
    .then((c) => c.auth.signIn({ email, password }));

describe('sign-in on a shared network', () => {
  it("a stranger's five wrong passwords lock their IP out of the account, never the owner elsewhere", async () => {
    const { password } = await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    for (let left = 4; left >= 1; left--) {
      const e = await rejection(signIn('192.0.2.1', 'ada@example.com', 'Nope!Pass1'));
      expect(e.cause?.details?.remainingAttempts).toBe(left);
    }
    const fifth = await rejection(signIn('192.0.2.1', 'ada@example.com', 'Nope!Pass1'));
    expect(fifth.code).toBe('TOO_MANY_REQUESTS');
    expect(fifth.cause?.details?.retryAfterMinutes).toBe(30);
    // the lockout holds even for the right password at that IP (parallel guesses cannot pass it)
    expect((await rejection(signIn('192.0.2.1', 'ada@example.com', password))).message).toBe(M.auth.rateLimited);
    expect((await signIn('198.51.100.9', 'ada@example.com', password)).email).toBe('ada@example.com');
    t.clock.advance(RATE_LIMITS.SIGN_IN.LOCKOUT_MS + 1000);
    expect((await signIn('192.0.2.1', 'ada@example.com', password)).email).toBe('ada@example.com');
  });

  it('twenty people behind one IP mistype their own passwords and all still sign in', async () => {
    const people = Array.from({ length: 20 }, (_, i) => `person${i}@example.com`);
    for (const email of people) await signedInUser(t, { email }, '198.51.100.1');
    for (const email of people) {
      for (let i = 0; i < 2; i++) {
        const e = await rejection(signIn(VENUE, email, 'Typo!Pass1'));
        expect(e.message).toBe(M.auth.invalidCredentials);
      }
      expect((await signIn(VENUE, email, 'Str0ng!Pass')).email).toBe(email);
    }
  });

  it(`the IP ceiling counts every attempt (${RATE_LIMITS.SIGN_IN_IP.MAX_ATTEMPTS} in 15 minutes) and nobody's success resets it`, async () => {
    const { password } = await signedInUser(t, { email: 'eve@example.com' }, '198.51.100.1');
    const max = RATE_LIMITS.SIGN_IN_IP.MAX_ATTEMPTS;
    for (let i = 1; i <= max; i++) {
      // every 50th attempt, the guesser signs into their own account
      if (i % 50 === 0) await signIn(VENUE, 'eve@example.com', password);
      else await rejection(signIn(VENUE, `victim${i}@example.com`, 'Guess!Pass1'));
    }
    const over = await rejection(signIn(VENUE, 'eve@example.com', password));
    expect(over.code).toBe('TOO_MANY_REQUESTS');
    expect(over.cause?.details?.retryAfterMinutes).toBe(RATE_LIMITS.SIGN_IN_IP.LOCKOUT_MS / 60_000);
    // nothing of that reached another IP
    expect((await signIn('198.51.100.2', 'eve@example.com', password)).email).toBe('eve@example.com');
    t.clock.advance(RATE_LIMITS.SIGN_IN_IP.LOCKOUT_MS + 1000);
    expect((await signIn(VENUE, 'eve@example.com', password)).email).toBe('eve@example.com');
  });

  it(`an account ceiling (${RATE_LIMITS.SIGN_IN_ACCOUNT.MAX_ATTEMPTS} attempts from all IPs) stops guessing spread over many IPs`, async () => {
    const { password } = await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const guessFrom = async (ip: string, n: number) => {
      for (let i = 0; i < n; i++) await rejection(signIn(ip, 'ada@example.com', 'Guess!Pass1'));
    };
    for (let ip = 1; ip <= 9; ip++) await guessFrom(`192.0.2.${ip}`, 5); // 45 attempts
    expect((await signIn('198.51.100.9', 'ada@example.com', password)).email).toBe('ada@example.com'); // 46
    await guessFrom('192.0.2.10', 4); // 50: the ceiling is reached
    const locked = await rejection(signIn('198.51.100.9', 'ada@example.com', password));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.cause?.details?.retryAfterMinutes).toBe(RATE_LIMITS.SIGN_IN_ACCOUNT.LOCKOUT_MS / 60_000);
    t.clock.advance(RATE_LIMITS.SIGN_IN_ACCOUNT.LOCKOUT_MS + 1000);
    expect((await signIn('198.51.100.9', 'ada@example.com', password)).email).toBe('ada@example.com');
  });

  it('a recovery link ends the lockouts a stranger on the same network caused', async () => {
    await signedInUser(t, { email: 'ada@example.com' }, VENUE);
    for (let i = 0; i < 5; i++) await rejection(signIn(VENUE, 'ada@example.com', 'Nope!Pass1'));
    expect((await rejection(signIn(VENUE, 'ada@example.com', 'Str0ng!Pass'))).code).toBe('TOO_MANY_REQUESTS');
    const ada = browser(t.deps, VENUE);
    await (await ada.call()).auth.forgotPassword({ email: 'ada@example.com' });
    const token = tokenOf(t.mail.lastLink('ada@example.com'));
    const reset = { token, password: 'N3w!Secret', confirm_password: 'N3w!Secret' };
    expect((await (await ada.call()).auth.resetPassword(reset)).email).toBe('ada@example.com');
    // and another browser of hers on the same network signs in at once
    expect((await signIn(VENUE, 'ada@example.com', 'N3w!Secret')).email).toBe('ada@example.com');
  });
});

describe('sign-up on a shared network', () => {
  it('ten people sign up from one IP; an e-mail address takes 3 sign-ups an hour from any IPs', async () => {
    for (let i = 0; i < 10; i++) await (await browser(t.deps, VENUE).call()).auth.signUp(form(`p${i}@example.com`));
    expect(t.mail.sent).toHaveLength(10);
    for (let i = 0; i < RATE_LIMITS.SIGN_UP.MAX_ATTEMPTS; i++)
      await (await browser(t.deps, `192.0.2.${i + 1}`).call()).auth.signUp(form('ada@example.com'));
    const err = await rejection((await browser(t.deps, '192.0.2.9').call()).auth.signUp(form('ada@example.com')));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe(M.auth.rateLimited);
    expect(err.cause?.details?.retryAfterMinutes).toBe(60);
    t.clock.advance(RATE_LIMITS.SIGN_UP.LOCKOUT_MS + 1000);
    await (await browser(t.deps, '192.0.2.9').call()).auth.signUp(form('ada@example.com'));
  });

  it(`an IP takes ${RATE_LIMITS.SIGN_UP_IP.MAX_ATTEMPTS} sign-ups an hour, then waits; other IPs do not`, async () => {
    const c = await browser(t.deps, VENUE).call();
    for (let i = 0; i < RATE_LIMITS.SIGN_UP_IP.MAX_ATTEMPTS; i++) await c.auth.signUp(form(`u${i}@example.com`));
    const err = await rejection(c.auth.signUp(form('one-more@example.com')));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.cause?.details?.retryAfterMinutes).toBe(RATE_LIMITS.SIGN_UP_IP.LOCKOUT_MS / 60_000);
    await (await browser(t.deps, '192.0.2.51').call()).auth.signUp(form('other@example.com'));
    t.clock.advance(RATE_LIMITS.SIGN_UP_IP.LOCKOUT_MS + 1000);
    await c.auth.signUp(form('one-more@example.com'));
  });
});
