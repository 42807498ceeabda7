import { describe, expect, it } from 'vitest';
import { M } from '../messages';
import { emailSchema, personNameSchema, requiredEmailSchema, strongPasswordSchema, uuidSchema } from './common';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('emailSchema (spec §5)', () => {
  it('trims and lowercases a valid address', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', `${'a'.repeat(250)}@example.com`])(
    'rejects %j',
    (value) => {
      const r = emailSchema.safeParse(value);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([M.auth.invalidEmail]);
    },
  );
});

describe('requiredEmailSchema (spec §5 forgot password)', () => {
  it('says Email required when empty or blank', () => {
    expect(firstMessage(requiredEmailSchema.safeParse(''))).toBe('Email required');
    expect(requiredEmailSchema.safeParse('   ').error?.issues).toHaveLength(1);
  });

  it('then checks the format', () => {
    expect(firstMessage(requiredEmailSchema.safeParse('nope'))).toBe('Please enter a valid email address');
    expect(requiredEmailSchema.parse(' Ada@Example.com')).toBe('ada@example.com');
  });
});

describe('uuidSchema', () => {
  it('accepts a UUID and rejects other text', () => {
    expect(uuidSchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(uuidSchema.safeParse('not-a-uuid').success).toBe(false);
  });
});

describe("personNameSchema (spec §5: 1-50 letters, accented, spaces, - ' .)", () => {
  const name = personNameSchema('bad name');

  it.each(['Ada', 'José', "O'Brien", 'Anne-Marie', 'J. R. R.', 'Zoë Łukasz', 'a'.repeat(50)])('accepts %j', (value) => {
    expect(name.safeParse(value).success).toBe(true);
  });

  it('trims', () => {
    expect(name.parse('  Ada ')).toBe('Ada');
  });

  it.each(['', '   ', 'a'.repeat(51), 'R2D2', 'Ada!', '<script>', 'Ada\nLovelace'])('rejects %j', (value) => {
    const r = name.safeParse(value);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['bad name']);
  });
});

describe('strongPasswordSchema (spec §5)', () => {
  it('accepts a strong password', () => {
    expect(strongPasswordSchema.safeParse('Zyxwvut5').success).toBe(true);
  });

  it('gives the first failing rule only', () => {
    const r = strongPasswordSchema.safeParse('short');
    expect(r.error?.issues.map((i) => i.message)).toEqual([M.password.tooShort]);
    expect(firstMessage(strongPasswordSchema.safeParse('Secure123X'))).toBe(M.password.avoidCommon);
  });
});
