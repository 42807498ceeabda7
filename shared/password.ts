import { LIMITS } from './constants';
import { M } from './messages';

// spec §5 Password: these fragments anywhere in the password, any case, make it weak.
export const COMMON_PASSWORD_PATTERNS = ['123', 'abc', 'qwe', 'password', 'admin'] as const;

export type PasswordStrengthLabel = 'Very Weak' | 'Weak' | 'Good' | 'Strong';
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: PasswordStrengthLabel;
}

const hasUpper = (pw: string) => /[A-Z]/.test(pw);
const hasLower = (pw: string) => /[a-z]/.test(pw);
const hasDigit = (pw: string) => /\d/.test(pw);
const hasSpecial = (pw: string) => /[^A-Za-z0-9]/.test(pw);

export function hasCommonPattern(pw: string): boolean {
  const lower = pw.toLowerCase();
  return COMMON_PASSWORD_PATTERNS.some((p) => lower.includes(p));
}

/** spec §5: the failing rules' messages, in the spec's order; empty when the password is strong. */
export function passwordIssues(pw: string): string[] {
  const issues: string[] = [];
  if (pw.length < LIMITS.PASSWORD_MIN) issues.push(M.password.tooShort);
  if (!hasUpper(pw)) issues.push(M.password.needUppercase);
  if (!hasLower(pw)) issues.push(M.password.needLowercase);
  if (!hasDigit(pw)) issues.push(M.password.needNumber);
  if (hasCommonPattern(pw)) issues.push(M.password.avoidCommon);
  return issues;
}

export function isStrongPassword(pw: string): boolean {
  return passwordIssues(pw).length === 0;
}

const STRENGTH_LABELS: Record<PasswordStrength['score'], PasswordStrengthLabel> = {
  0: M.password.strength.veryWeak,
  1: M.password.strength.veryWeak,
  2: M.password.strength.weak,
  3: M.password.strength.good,
  4: M.password.strength.strong,
};

/** spec §5: score 0-4; labels Very Weak (0-1), Weak (2), Good (3), Strong (4). */
export function passwordStrength(pw: string): PasswordStrength {
  let raw = 0;
  if (pw.length >= LIMITS.PASSWORD_MIN) raw += 1;
  raw += [hasUpper(pw), hasLower(pw), hasDigit(pw)].filter(Boolean).length;
  if (hasSpecial(pw)) raw += 1;
  if (hasCommonPattern(pw)) raw -= 1;
  const score = Math.max(0, Math.min(4, raw)) as PasswordStrength['score'];
  return { score, label: STRENGTH_LABELS[score] };
}
