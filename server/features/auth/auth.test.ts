import type { TRPCError } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import {
  browser,
  signUpForm as form,
  makeTestDeps,
  rejection,
  signedInUser,
  tokenOf,
} from '../../../tests/helpers/test-deps';
import { SESSION } from '../../constants';

let t: Awaited<ReturnType<typeof makeTestDeps>>;
beforeEach(async () => {
  t = await makeTestDeps();
});

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

  it('gives the first account on an empty database the admin role, and nobody after it', async () => {
    const first = await signedInUser(t, { email: 'first@example.com' }, '198.51.100.1');
    const second = await signedInUser(t, { email: 'second@example.com' }, '198.51.100.2');
    expect(first.user.roles).toEqual(['admin']);
    expect(second.user.roles).toEqual([]);
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

  it('resets the failure count after a successful sign-in', async () => {
    const { password } = await signedInUser(t, { email: 'ada@example.com' }, '198.51.100.1');
    const c = await browser(t.deps, '192.0.2.1').call();
    for (let i = 0; i < 4; i++) await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Nope!Pass1' }));
    await c.auth.signIn({ email: 'ada@example.com', password });
    const e = await rejection(c.auth.signIn({ email: 'ada@example.com', password: 'Nope!Pass1' }));
    expect(e.cause?.details?.remainingAttempts).toBe(4);
  });
});
