import { M } from '#shared/messages';
import type { EmailTokenType } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { sha256Hex } from '../../lib/ids';
import { templates } from '../email/templates';
import { clearSignInLimits, issueLink, issueToken } from './auth.service';
import { NO_PASSWORD } from './password';
import { consumeToken, countUsableTokens, endPendingSignups, findUsableToken } from './tokens.repo';
import { changeEmail, confirmEmail, confirmSignup, findUserByEmail, findUserById, setPassword } from './users.repo';

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

type Req = { ip: string | null };

/** Every link check and reset counts against the client IP first, so token guessing stays bounded. */
const countTokenAttempt = (deps: Deps, req: Req) => deps.limits.tokenIp.enforce([`token:ip:${req.ip ?? 'unknown'}`]);

/**
 * Uses a sign-up link. With no other sign-up waiting for the address, that sign-up's own password and
 * names are applied. With others waiting, the server cannot tell whose link this is (a stranger may have
 * signed up with this address too), so it confirms the address (whoever clicks controls the mailbox) but
 * sets no password, and returns a recovery token so the clicker chooses one now. Either way every other
 * sign-up link for the address dies.
 */
async function redeemSignupLink(deps: Deps, token_hash: string) {
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, token_hash, 'signup', at);
    if (!row) return undefined;
    const user = await findUserById(trx, row.user_id);
    if (!user) return undefined;
    const competing = (await countUsableTokens(trx, user.id, 'signup', at)) > 0;
    await endPendingSignups(trx, user.id);
    if (user.email_confirmed_at) return { email: user.email, choosePasswordToken: null };
    const names = { first_name: row.first_name ?? user.first_name, last_name: row.last_name ?? user.last_name };
    if (!competing && row.password_hash) {
      await confirmSignup(trx, user.id, { ...names, password_hash: row.password_hash }, at);
      return { email: user.email, choosePasswordToken: null };
    }
    if (!competing) {
      // a link issued before its sign-up's details were stored with it: the account row holds them
      await confirmEmail(trx, user.id, at);
      return { email: user.email, choosePasswordToken: null };
    }
    await confirmSignup(trx, user.id, { ...names, password_hash: NO_PASSWORD }, at);
    return { email: user.email, choosePasswordToken: await issueToken(trx, now, user.id, 'recovery') };
  });
}

/**
 * Acts on a verification link. A recovery token is only checked here (it is used when the new password
 * is saved); a magic link signs the user in, so the caller gets `signInUserId`; a sign-up link that
 * raced another sign-up gives `choosePasswordToken` (see redeemSignupLink).
 */
export async function verifyToken(deps: Deps, req: Req, input: { token: string; type: EmailTokenType }) {
  await countTokenAttempt(deps, req);
  const now = deps.clock.now().toISOString();
  const hash = sha256Hex(input.token);
  const succeeded = (email: string, choosePasswordToken: string | null = null, signInUserId: string | null = null) => ({
    type: input.type,
    email,
    message: choosePasswordToken ? M.verify.signupChoosePassword : SUCCEEDED[input.type],
    signInUserId,
    choosePasswordToken,
  });

  if (input.type === 'signup') {
    const used = await redeemSignupLink(deps, hash);
    if (!used) return fail.badRequest(FAILED.signup);
    return succeeded(used.email, used.choosePasswordToken);
  }

  const row =
    input.type === 'recovery'
      ? await findUsableToken(deps.db, hash, 'recovery', now)
      : await consumeToken(deps.db, hash, input.type, now);
  if (!row) return fail.badRequest(FAILED[input.type]);
  const user = await findUserById(deps.db, row.user_id);
  if (!user) return fail.badRequest(FAILED[input.type]);

  if (input.type === 'email_change' && row.new_email) await changeEmail(deps.db, user.id, row.new_email, now);
  if (input.type === 'magiclink') await confirmEmail(deps.db, user.id, now);
  return succeeded(row.new_email ?? user.email, null, input.type === 'magiclink' ? user.id : null);
}

/**
 * Saves the new password from a recovery link; every other session of the user ends. The token is used
 * up before the password is hashed, so an invalid or replayed token costs one UPDATE and never a hash
 * (if hashing then fails, the user asks for a new link).
 */
export async function resetPassword(deps: Deps, req: Req, input: { token: string; password: string }) {
  await countTokenAttempt(deps, req);
  const now = deps.clock.now().toISOString();
  const row = await consumeToken(deps.db, sha256Hex(input.token), 'recovery', now);
  if (!row) return fail.badRequest(M.verify.recoveryFailed);
  const password_hash = await deps.passwords.hash(input.password);
  const user = await deps.db.transaction().execute(async (trx) => {
    await setPassword(trx, row.user_id, password_hash, now);
    // Following the link proves control of the address; sign-ups still waiting for it die.
    await confirmEmail(trx, row.user_id, now);
    await endPendingSignups(trx, row.user_id);
    return findUserById(trx, row.user_id);
  });
  if (user) await clearSignInLimits(deps, user.email);
  await deps.sessions.invalidateAll(row.user_id);
  return row.user_id;
}

/**
 * Sends a recovery link when the account exists; says nothing either way, so accounts cannot be probed.
 * Every request counts against the IP's ceiling and the address, whether the account exists or not.
 */
export async function sendRecovery(deps: Deps, req: { origin: string; ip: string | null }, email: string) {
  await deps.limits.passwordResetIp.enforce([`reset:ip:${req.ip ?? 'unknown'}`]);
  await deps.limits.passwordReset.enforce([`reset:email:${email}`]);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    // Not the address itself: anyone can type any address here, and the log is not a place for them.
    deps.log.info('password reset asked for an unknown address');
    return;
  }
  const link = await issueLink(deps, req.origin, user.id, 'recovery');
  await deps.mailer.send(templates.resetPassword(deps.config.appName, user.email, link));
}
