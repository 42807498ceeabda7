import { z } from 'zod';
import { LIMITS } from '../constants';
import { M } from '../messages';
import { passwordIssues } from '../password';

const EMAIL_MAX = 254; // RFC 5321 path limit
const isEmail = (v: string) => v.length <= EMAIL_MAX && z.regexes.email.test(v);

// Each field reports one message per failure. Rules are single refinements rather than chained
// checks with `abort`, because an aborted field would also stop the form-level refinements
// (e.g. "Passwords don't match") from running.

/** spec §5: any e-mail given must be valid; stored trimmed and lowercased. */
export const emailSchema = z.string().trim().toLowerCase().refine(isEmail, { error: M.auth.invalidEmail });

/** spec §5 forgot password: an empty e-mail says "Email required" before the format check. */
export const requiredEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: M.auth.emailRequired });
    else if (!isEmail(v)) ctx.addIssue({ code: 'custom', message: M.auth.invalidEmail });
  });

export const uuidSchema = z.uuid();

// spec §5: letters (accented included), spaces and - ' .
const PERSON_NAME = /^[\p{L}\p{M} .'-]+$/u;

/** spec §5 person name: trimmed, 1-50 characters; every failure gives the one field message. */
export function personNameSchema(message: string) {
  return z
    .string()
    .trim()
    .refine((v) => v.length >= 1 && v.length <= LIMITS.PERSON_NAME_MAX && PERSON_NAME.test(v), {
      error: message,
    });
}

/** spec §5 password: the field error is the first failing rule's message. */
export const strongPasswordSchema = z.string().superRefine((pw, ctx) => {
  const [first] = passwordIssues(pw);
  if (first) ctx.addIssue({ code: 'custom', message: first });
});
