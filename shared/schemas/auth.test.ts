import { describe, expect, it } from 'vitest';
import { M } from '../messages';
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema, verifyTokenSchema } from './auth';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const errors = (r: Result) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('signUpSchema (spec §2, §5)', () => {
  const valid = {
    first_name: ' Ada ',
    last_name: 'Lovelace',
    email: ' Ada@Example.com',
    password: 'Zyxwvut5',
    confirm_password: 'Zyxwvut5',
  };

  it('accepts valid input and normalises it', () => {
    expect(signUpSchema.parse(valid)).toEqual({
      ...valid,
      first_name: 'Ada',
      email: 'ada@example.com',
    });
  });

  it.each([
    ['first_name', { first_name: '' }, M.auth.firstNameInvalid],
    ['first_name', { first_name: 'Ada1' }, 'First name is required and must contain only valid characters'],
    ['last_name', { last_name: 'x'.repeat(51) }, 'Last name is required and must contain only valid characters'],
    ['email', { email: 'ada' }, 'Please enter a valid email address'],
    ['password', { password: 'Zyxw5', confirm_password: 'Zyxw5' }, M.password.tooShort],
    ['password', { password: 'Admin123X', confirm_password: 'Admin123X' }, M.password.avoidCommon],
    ['confirm_password', { confirm_password: 'Zyxwvut6' }, "Passwords don't match"],
  ])('%s fails: %j', (field, patch, message) => {
    const r = signUpSchema.safeParse({ ...valid, ...patch });
    expect(errors(r)).toEqual({ [field]: message });
  });

  it('reports a mismatch alongside other field errors', () => {
    const r = signUpSchema.safeParse({ ...valid, first_name: '', confirm_password: 'other' });
    expect(errors(r)).toEqual({ first_name: M.auth.firstNameInvalid, confirm_password: M.auth.passwordsDontMatch });
  });
});

describe('signInSchema', () => {
  it('accepts an e-mail and any non-empty password', () => {
    expect(signInSchema.parse({ email: 'ADA@example.com', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('rejects a bad e-mail and an empty password', () => {
    expect(errors(signInSchema.safeParse({ email: 'ada', password: '' }))).toEqual({
      email: M.auth.invalidEmail,
      password: M.auth.passwordRequired,
    });
  });
});

describe('forgotPasswordSchema (spec §5)', () => {
  it('requires an e-mail, then a valid one', () => {
    expect(errors(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: 'Email required' });
    expect(errors(forgotPasswordSchema.safeParse({ email: 'ada' }))).toEqual({ email: M.auth.invalidEmail });
    expect(forgotPasswordSchema.parse({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com' });
  });
});

describe('verifyTokenSchema (spec §2 verification links)', () => {
  it.each(['signup', 'recovery', 'email_change', 'magiclink'])('accepts type %s', (type) => {
    expect(verifyTokenSchema.safeParse({ token: 'abc', type }).success).toBe(true);
  });

  it('rejects other types and bad tokens', () => {
    expect(verifyTokenSchema.safeParse({ token: 'abc', type: 'invite' }).success).toBe(false);
    expect(verifyTokenSchema.safeParse({ token: '', type: 'signup' }).success).toBe(false);
    expect(verifyTokenSchema.safeParse({ token: 'x'.repeat(201), type: 'signup' }).success).toBe(false);
    expect(verifyTokenSchema.safeParse({ token: 'x'.repeat(200), type: 'signup' }).success).toBe(true);
  });
});

describe('resetPasswordSchema (spec §4 update password)', () => {
  const valid = { token: 't0k3n', password: 'Zyxwvut5', confirm_password: 'Zyxwvut5' };

  it('accepts a strong matching password', () => {
    expect(resetPasswordSchema.safeParse(valid).success).toBe(true);
  });

  it('rejects a weak password, a mismatch and a missing token', () => {
    expect(errors(resetPasswordSchema.safeParse({ ...valid, password: 'weak', confirm_password: 'weak' }))).toEqual({
      password: M.password.tooShort,
    });
    expect(errors(resetPasswordSchema.safeParse({ ...valid, confirm_password: 'x' }))).toEqual({
      confirm_password: M.auth.passwordsDontMatch,
    });
    expect(resetPasswordSchema.safeParse({ ...valid, token: '' }).success).toBe(false);
  });
});
