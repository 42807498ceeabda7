import { TRPCError } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS, SESSION, TOKENS } from '#shared/constants';
import { M } from '#shared/messages';
import { browser, makeTestDeps, signedInUser } from '../../../tests/helpers/test-deps';
import { userMessage } from '../../trpc/trpc';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
let t: T;
beforeEach(async () => {
  t = await makeTestDeps();
});

const form = (email: string, password = 'Str0ng!Pass') => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password,
  confirm_password: password,
});

async function rejection(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  const e = err as TRPCError & { cause?: { details?: Record<string, number> } };
  return Object.assign(e, { message: userMessage(e) });
}

const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;

describe('sign up', () => {
  it('creates an unconfirmed account and mails a signup link to /auth', async () => {
    const res = await (await browser(t.deps).call()).auth.signUp(form('ADA@example.com'));
    expect(res).toEqual({ email: 'ada@example.com', mailMode: 'outbox' });
    const link = t.mail.lastLink('ada@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\?token=[a-z0-9]{32}&type=signup$/);
    const row = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).toBeNull();
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.password_hash).not.toContain('Str0ng!Pass');
    // only the hash of the token is stored
    const tok = await t.db.selectFrom('email_tokens').selectAll().executeTakeFirstOrThrow();
    expect(tok.token_hash).not.toBe(tokenOf(link));
    expect(await t.db.selectFrom('profiles').select('email').execute()).toEqual([{ email: 'ada@example.com' }]);
  });

  it('refuses weak passwords and mismatched confirmation on the server', async () => {
    const c = await browser(t.deps).call();
    expect((await rejection(c.auth.signUp(form('a@example.com', 'short')))).message).toContain(
      'Password must be at least 8 characters long',
    );
    const bad = { ...form('a@example.com'), confirm_password: 'Str0ng!Pasx' };
    expect((await rejection(c.auth.signUp(bad))).message).toContain(M.auth.passwordsDontMatch);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses an e-mail that already has a confirmed account', async () => {
    await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const err = await rejection((await browser(t.deps, '198.51.100.2').call()).auth.signUp(form('ada@example.com')));
    expect(err.message).toBe(M.auth.alreadyRegistered);
  });

  it('a repeated sign-up for an unconfirmed address replaces the earlier password and names', async () => {
    // someone else signs up first with Ada's address and a password of their choosing
    await (await browser(t.deps, '198.51.100.66').call()).auth.signUp({
      ...form('ada@example.com', 'Squatt3r!Pw'),
      first_name: 'Eve',
    });
    const ada = browser(t.deps, '198.51.100.1');
    await (await ada.call()).auth.signUp(form('ada@example.com'));
    expect(t.mail.sent.at(-1)?.text).toContain('Hi Ada');
    await (await ada.call()).auth.verify({ token: tokenOf(t.mail.lastLink('ada@example.com')), type: 'signup' });
    const eve = await browser(t.deps, '198.51.100.66').call();
    expect((await rejection(eve.auth.signIn({ email: 'ada@example.com', password: 'Squatt3r!Pw' }))).message).toBe(
      M.auth.invalidCredentials,
    );
    const user = await (await ada.call()).auth.signIn({ email: 'ada@example.com', password: 'Str0ng!Pass' });
    expect(user.first_name).toBe('Ada');
  });

  it('gives the first account on an empty database the admin role, and nobody after it', async () => {
    const first = await signedInUser(t, { email: 'first@example.com' }, '198.51.100.1');
    const second = await signedInUser(t, { email: 'second@example.com' }, '198.51.100.2');
    expect(first.user.roles).toEqual(['admin']);
    expect(second.user.roles).toEqual([]);
  });

  it(`allows ${RATE_LIMITS.SIGN_UP.MAX_ATTEMPTS} sign-ups per hour from one IP, then locks for 60 minutes`, async () => {
    const b = browser(t.deps, '192.0.2.50');
    for (let i = 0; i < RATE_LIMITS.SIGN_UP.MAX_ATTEMPTS; i++)
      await (await b.call()).auth.signUp(form(`u${i}@example.com`));
    const err = await rejection((await b.call()).auth.signUp(form('u9@example.com')));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe(M.auth.rateLimited);
    expect(err.cause?.details?.retryAfterMinutes).toBe(60);
    // another IP is not affected
    await (await browser(t.deps, '192.0.2.51').call()).auth.signUp(form('other@example.com'));
    t.clock.advance(RATE_LIMITS.SIGN_UP.LOCKOUT_MS + 1000);
    await (await b.call()).auth.signUp(form('u9@example.com'));
  });
});

describe('sign in', () => {
  it('refuses an unconfirmed account with the spec text, then accepts it once confirmed', async () => {
    const c = await browser(t.deps).call();
    await c.auth.signUp(form('ada@example.com'));
    const err = await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Str0ng!Pass' }));
    expect(err.message).toBe(M.auth.emailNotConfirmed);
    const v = await c.auth.verify({ token: tokenOf(t.mail.lastLink('ada@example.com')), type: 'signup' });
    expect(v).toMatchObject({
      type: 'signup',
      email: 'ada@example.com',
      message: M.verify.signupSuccess,
      signedIn: false,
    });
    const b = browser(t.deps);
    const user = await (await b.call()).auth.signIn({ email: 'ada@example.com', password: 'Str0ng!Pass' });
    expect(user.email).toBe('ada@example.com');
    expect(b.cookie()).toMatch(new RegExp(`^${SESSION.COOKIE_NAME}=[a-z0-9]{24}\\.[a-z0-9]{24}$`));
    expect((await (await b.call()).auth.me())?.email).toBe('ada@example.com');
  });

  it('says "Invalid email or password" for a wrong password and for an unknown e-mail, counting down', async () => {
    await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const c = await browser(t.deps, '192.0.2.1').call();
    const e1 = await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Wrong!Pass1' }));
    expect(e1.message).toBe(M.auth.invalidCredentials);
    expect(e1.cause?.details?.remainingAttempts).toBe(4);
    const e2 = await rejection(c.auth.signIn({ email: 'nobody@example.com', password: 'Wrong!Pass1' }));
    expect(e2.message).toBe(M.auth.invalidCredentials);
  });

  it('locks the account for 30 minutes after 5 failures, even for the right password and from another IP', async () => {
    const { password } = await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const attacker = await browser(t.deps, '192.0.2.1').call();
    for (let i = 0; i < 4; i++)
      await rejection(attacker.auth.signIn({ email: 'ada@example.com', password: 'Nope!Pass1' }));
    const fifth = await rejection(attacker.auth.signIn({ email: 'ada@example.com', password: 'Nope!Pass1' }));
    expect(fifth.code).toBe('TOO_MANY_REQUESTS');
    expect(fifth.cause?.details?.retryAfterMinutes).toBe(30);
    const owner = await browser(t.deps, '198.51.100.9').call();
    expect((await rejection(owner.auth.signIn({ email: 'ada@example.com', password }))).message).toBe(
      M.auth.rateLimited,
    );
    t.clock.advance(RATE_LIMITS.SIGN_IN.LOCKOUT_MS - 60_000);
    await rejection(owner.auth.signIn({ email: 'ada@example.com', password }));
    t.clock.advance(61_000);
    expect((await owner.auth.signIn({ email: 'ada@example.com', password })).email).toBe('ada@example.com');
  });

  it('parallel guesses cannot get past the limit: only 5 are checked, the rest refused', async () => {
    const { password } = await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const attacker = await browser(t.deps, '192.0.2.1').call();
    const guesses = [...Array.from({ length: 19 }, (_, i) => `Guess!${i}Pw`), password];
    const results = await Promise.allSettled(
      guesses.map((pw) => attacker.auth.signIn({ email: 'ada@example.com', password: pw })),
    );
    expect(results.at(-1)?.status).toBe('rejected'); // the right password, sent 20th, is refused
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as TRPCError).code : 'OK'));
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(4);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(16);
  });

  it('locks an IP that fails on 5 different accounts', async () => {
    await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const c = await browser(t.deps, '192.0.2.99').call();
    for (let i = 0; i < 5; i++) await rejection(c.auth.signIn({ email: `x${i}@example.com`, password: 'Nope!Pass1' }));
    expect((await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Str0ng!Pass' }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('resets the failure count after a successful sign-in', async () => {
    const { password } = await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const c = await browser(t.deps, '192.0.2.1').call();
    for (let i = 0; i < 4; i++) await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Nope!Pass1' }));
    await c.auth.signIn({ email: 'ada@example.com', password });
    const e = await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Nope!Pass1' }));
    expect(e.cause?.details?.remainingAttempts).toBe(4);
  });
});

describe('sessions', () => {
  it('sign out ends the session on the server', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    const stolen = b.cookie();
    await (await b.call()).auth.signOut();
    expect(b.cookie()).toBe('');
    const replay = browser(t.deps);
    replay.setCookie(stolen);
    expect(await (await replay.call()).auth.me()).toBeNull();
  });

  it('refuses a token whose secret is wrong', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    const forged = browser(t.deps);
    forged.setCookie(b.cookie().replace(/\.[a-z0-9]+$/, '.aaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(await (await forged.call()).auth.me()).toBeNull();
    expect((await rejection((await forged.call()).auth.roles())).code).toBe('UNAUTHORIZED');
  });

  it('slides the expiry while used and expires after 30 idle days', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    t.clock.advance(20 * 24 * 3600_000);
    expect(await (await b.call()).auth.me()).not.toBeNull(); // refreshed: 30 days from now
    t.clock.advance(25 * 24 * 3600_000);
    expect(await (await b.call()).auth.me()).not.toBeNull();
    t.clock.advance(SESSION.TTL_MS + 1000);
    expect(await (await b.call()).auth.me()).toBeNull();
  });
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
    const ip = await browser(t.deps, '192.0.2.99').call();
    for (let i = 0; i < 3; i++) await ip.auth.forgotPassword({ email: `nobody${i}@example.com` });
    expect((await rejection(ip.auth.forgotPassword({ email: 'other@example.com' }))).code).toBe('TOO_MANY_REQUESTS');
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
