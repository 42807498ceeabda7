import { M } from '#shared/messages';
import type { EmailTokenType } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { sha256Hex } from '../../lib/ids';
import { templates } from '../email/templates';
import { issueLink } from './auth.service';
import { hashPassword } from './password';
import { consumeToken, findUsableToken } from './tokens.repo';
import { changeEmail, confirmEmail, findUserByEmail, findUserById, setPassword } from './users.repo';

const FAILED: Record<EmailTokenType, string> = {
  signup: M.verify.signupFailed,
  recovery: M.verify.recoveryFailed,
  email_change: M.verify.emailChangeFailed,
  magiclink: M.verify.magiclinkFailed,
};

const SUCCEEDED: Record<EmailTokenType, string> = {
  signup: M.verify.signupSuccess,
  recovery: M.verify.recoverySuccess,
  email_change: M.verify.emailChangeSuccess,
  magiclink: M.verify.magiclinkSuccess,
};

/**
 * Acts on a verification link. A recovery token is only checked here (it is used when the new password
 * is saved); a magic link signs the user in, so the caller gets `signInUserId`.
 */
export async function verifyToken(deps: Deps, input: { token: string; type: EmailTokenType }) {
  const now = deps.clock.now().toISOString();
  const hash = sha256Hex(input.token);
  const row =
    input.type === 'recovery'
      ? await findUsableToken(deps.db, hash, 'recovery', now)
      : await consumeToken(deps.db, hash, input.type, now);
  if (!row) return fail.badRequest(FAILED[input.type]);
  const user = await findUserById(deps.db, row.user_id);
  if (!user) return fail.badRequest(FAILED[input.type]);

  if (input.type === 'signup') await confirmEmail(deps.db, user.id, now);
  if (input.type === 'email_change' && row.new_email) await changeEmail(deps.db, user.id, row.new_email, now);
  if (input.type === 'magiclink') await confirmEmail(deps.db, user.id, now);
  return {
    type: input.type,
    email: row.new_email ?? user.email,
    message: SUCCEEDED[input.type],
    signInUserId: input.type === 'magiclink' ? user.id : null,
  };
}

/** Saves the new password from a recovery link; every other session of the user ends. */
export async function resetPassword(deps: Deps, input: { token: string; password: string }) {
  const now = deps.clock.now().toISOString();
  const password_hash = await hashPassword(input.password);
  const row = await consumeToken(deps.db, sha256Hex(input.token), 'recovery', now);
  if (!row) return fail.badRequest(M.verify.recoveryFailed);
  await setPassword(deps.db, row.user_id, password_hash, now);
  // Following the link proves control of the address.
  await confirmEmail(deps.db, row.user_id, now);
  await deps.sessions.invalidateAll(row.user_id);
  return row.user_id;
}

/**
 * Sends a recovery link when the account exists; says nothing either way, so accounts cannot be probed.
 * Every request counts against the address and the IP, whether the account exists or not.
 */
export async function sendRecovery(deps: Deps, req: { origin: string; ip: string | null }, email: string) {
  await deps.limits.passwordReset.enforce([`reset:email:${email}`, `reset:ip:${req.ip ?? 'unknown'}`]);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    deps.log.info({ email }, 'password reset asked for an unknown address');
    return;
  }
  const link = await issueLink(deps, req.origin, user.id, 'recovery');
  await deps.mailer.send(templates.resetPassword(deps.config.appName, user.email, link));
}
