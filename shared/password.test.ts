import { describe, expect, it } from 'vitest';
import { M } from './messages';
import { isStrongPassword, passwordIssues, passwordStrength } from './password';

const P = M.password;

describe('passwordIssues (spec §5)', () => {
  it.each([
    ['Zyxwvut5', []],
    ['Short1A', [P.tooShort]],
    ['alllower1', [P.needUppercase]],
    ['ALLUPPER1', [P.needLowercase]],
    ['NoDigitsHere', [P.needNumber]],
    ['Secure123X', [P.avoidCommon]],
    ['QWErty99Z', [P.avoidCommon]],
    ['MyPassWord9', [P.avoidCommon]],
    ['xAdmin77y', [P.avoidCommon]],
    ['XyABCz7w', [P.avoidCommon]],
    ['', [P.tooShort, P.needUppercase, P.needLowercase, P.needNumber]],
    ['abc', [P.tooShort, P.needUppercase, P.needNumber, P.avoidCommon]],
  ])('%j → %j', (pw, expected) => {
    expect(passwordIssues(pw)).toEqual(expected);
  });

  it('keeps the spec texts', () => {
    expect(passwordIssues('')[0]).toBe('Password must be at least 8 characters long');
    expect(passwordIssues('Secure123X')).toEqual(['Avoid common patterns and words']);
  });

  it('isStrongPassword is true only with no issues', () => {
    expect(isStrongPassword('Zyxwvut5')).toBe(true);
    expect(isStrongPassword('Zyxwvut!')).toBe(false);
    expect(isStrongPassword('Password1!')).toBe(false);
  });
});

describe('passwordStrength (spec §5)', () => {
  it.each([
    ['', 0, 'Very Weak'], // nothing
    ['!!!!', 1, 'Very Weak'], // special
    ['123', 0, 'Very Weak'], // digit, common -1
    ['abcdefgh', 1, 'Very Weak'], // length, lower, common -1
    ['zyxwvuts', 2, 'Weak'], // length, lower
    ['A1!', 3, 'Good'], // upper, digit, special
    ['Zyxwvuts', 3, 'Good'], // length, upper, lower
    ['Zyxwvut5', 4, 'Strong'], // length and three kinds
    ['Zyxwvut5!', 4, 'Strong'], // 5 clamped to 4
    ['Password1!', 4, 'Strong'], // 5 - 1 for the common pattern
  ])('%j → %i %s', (pw, score, label) => {
    expect(passwordStrength(pw)).toEqual({ score, label });
  });
});
