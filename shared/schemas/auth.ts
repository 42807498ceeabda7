import { z } from 'zod';
import { LIMITS, TOKENS } from '../constants';
import { M } from '../messages';
import { emailSchema, personNameSchema, requiredEmailSchema, strongPasswordSchema } from './common';

type PasswordPair = { password?: unknown; confirm_password?: unknown };

// spec §5: "Passwords don't match" on the confirmation field. `when` lets it run even while
// other fields (names, e-mail) still fail, so the form shows every error at once.
const passwordsMatch = {
  error: M.auth.passwordsDontMatch,
  path: ['confirm_password'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as PasswordPair | undefined;
    return typeof v?.password === 'string' && typeof v?.confirm_password === 'string';
  },
};
const matches = (v: PasswordPair) => v.password === v.confirm_password;

/** spec §2 /auth sign-up: first name, last name, e-mail, password and confirmation. */
export const signUpSchema = z
  .object({
    first_name: personNameSchema(M.auth.firstNameInvalid),
    last_name: personNameSchema(M.auth.lastNameInvalid),
    email: emailSchema,
    password: strongPasswordSchema,
    confirm_password: z.string(),
  })
  .refine(matches, passwordsMatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: M.auth.passwordRequired }),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** spec §5 forgot password: e-mail only, "Email required". */
export const forgotPasswordSchema = z.object({ email: requiredEmailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const tokenSchema = z.string().min(1).max(LIMITS.TOKEN_MAX);

/** spec §2 /auth verification links: a token and a type. */
export const verifyTokenTypeSchema = z.enum(TOKENS.TYPES);
export type VerifyTokenType = z.infer<typeof verifyTokenTypeSchema>;
export const verifyTokenSchema = z.object({ token: tokenSchema, type: verifyTokenTypeSchema });
export type VerifyTokenInput = z.infer<typeof verifyTokenSchema>;

/** spec §4 update-password mode, entered from a recovery link. */
export const resetPasswordSchema = z
  .object({ token: tokenSchema, password: strongPasswordSchema, confirm_password: z.string() })
  .refine(matches, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
