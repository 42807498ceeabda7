import { M } from '#shared/messages';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyTokenSchema,
} from '#shared/schemas/auth';
import { fail } from '../../lib/errors';
import type { Context } from '../../trpc/context';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { checkCredentials, signUp } from './auth.service';
import { findUserById, rolesOf } from './users.repo';
import { resetPassword, sendRecovery, verifyToken } from './verify.service';

async function startSession(ctx: Context, userId: string) {
  const { token, expiresAt } = await ctx.deps.sessions.create(userId);
  ctx.setSessionCookie(token, expiresAt);
  const user = await findUserById(ctx.deps.db, userId);
  if (!user) return fail.unauthorized(M.auth.userNotAuthenticated);
  return { ...user, roles: await rolesOf(ctx.deps.db, userId) };
}

export const authRouter = router({
  /** The signed-in user, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  roles: authedProcedure.query(({ ctx }) => rolesOf(ctx.deps.db, ctx.user.id)),

  signUp: publicProcedure.input(signUpSchema).mutation(({ ctx, input }) => signUp(ctx.deps, ctx, input)),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const userId = await checkCredentials(ctx.deps, ctx.ip, input);
    return startSession(ctx, userId);
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await ctx.deps.sessions.invalidate(ctx.sessionId);
    ctx.clearSessionCookie();
    return { ok: true };
  }),

  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(async ({ ctx, input }) => {
    await sendRecovery(ctx.deps, ctx, input.email);
    return { ok: true, mailMode: ctx.deps.mailer.mode };
  }),

  /** The account page's "Reset Password": a recovery link to the user's own address. */
  sendPasswordReset: authedProcedure.mutation(async ({ ctx }) => {
    if (!ctx.user.email) return fail.badRequest(M.auth.noEmail);
    await sendRecovery(ctx.deps, ctx, ctx.user.email);
    return { ok: true, email: ctx.user.email, mailMode: ctx.deps.mailer.mode };
  }),

  verify: publicProcedure.input(verifyTokenSchema).mutation(async ({ ctx, input }) => {
    const result = await verifyToken(ctx.deps, ctx, input);
    if (result.signInUserId) await startSession(ctx, result.signInUserId);
    return {
      type: result.type,
      email: result.email,
      message: result.message,
      signedIn: Boolean(result.signInUserId),
      // A fresh recovery token for the one who just proved the mailbox: the client asks for a password.
      choosePasswordToken: result.choosePasswordToken,
    };
  }),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    const userId = await resetPassword(ctx.deps, ctx, input);
    return startSession(ctx, userId);
  }),
});
