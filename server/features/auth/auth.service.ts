import { TOKENS } from '#shared/constants';
import { M } from '#shared/messages';
import type { EmailTokenType } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { newId, randomToken, sha256Hex } from '../../lib/ids';
import { templates } from '../email/templates';
import { minutesOf } from './rate-limit';
import { deleteLimits, deleteLimitsWithPrefix } from './rate-limits.repo';
import { deleteUnusedTokens, insertToken, type PendingSignup } from './tokens.repo';
import { countUsers, findUserByEmail, grantRole, insertUser } from './users.repo';

const TTL: Record<EmailTokenType, number> = {
  signup: TOKENS.SIGNUP_TTL_MS,
  recovery: TOKENS.RECOVERY_TTL_MS,
  email_change: TOKENS.EMAIL_CHANGE_TTL_MS,
  magiclink: TOKENS.MAGICLINK_TTL_MS,
};

/**
 * Stores a single-use token (only its hash) and returns the token. A new link of a type replaces the
 * user's unused ones, except sign-up links: each carries its own sign-up, and all stay valid until one
 * is used, so a stranger's later sign-up cannot void the mailbox owner's link.
 */
export async function issueToken(
  db: Deps['db'],
  now: Date,
  userId: string,
  type: EmailTokenType,
  signup?: PendingSignup,
) {
  const token = randomToken(32);
  if (type !== 'signup') await deleteUnusedTokens(db, userId, type);
  await insertToken(db, {
    id: newId(),
    user_id: userId,
    type,
    token_hash: sha256Hex(token),
    signup,
    expires_at: new Date(now.getTime() + TTL[type]).toISOString(),
    now: now.toISOString(),
  });
  return token;
}

/** Issues a token and returns the /auth link that carries it. */
export async function issueLink(
  deps: Deps,
  origin: string,
  userId: string,
  type: EmailTokenType,
  signup?: PendingSignup,
) {
  const token = await issueToken(deps.db, deps.clock.now(), userId, type, signup);
  return `${origin}/auth?token=${token}&type=${type}`;
}

const ipKey = (ip: string | null) => ip ?? 'unknown';

export async function signUp(
  deps: Deps,
  req: { ip: string | null; origin: string },
  input: { first_name: string; last_name: string; email: string; password: string },
) {
  // The IP ceiling first: an IP over it counts nothing against the address.
  await deps.limits.signUpIp.enforce([`signup:ip:${ipKey(req.ip)}`]);
  await deps.limits.signUp.enforce([`signup:email:${input.email}`]);

  const existing = await findUserByEmail(deps.db, input.email);
  if (existing?.email_confirmed_at) fail.conflict(M.auth.alreadyRegistered);
  const signup: PendingSignup = {
    password_hash: await deps.passwords.hash(input.password),
    first_name: input.first_name,
    last_name: input.last_name,
  };

  // Unconfirmed: the account row stays as it is; this sign-up's details ride on its own link.
  let userId = existing?.id;
  if (!userId) {
    const id = newId();
    const now = deps.clock.now().toISOString();
    const firstUser = await deps.db.transaction().execute(async (trx) => {
      const first = (await countUsers(trx)) === 0;
      await insertUser(trx, { id, email: input.email, ...signup, now });
      if (first) await grantRole(trx, id, 'admin', newId(), now);
      return first;
    });
    if (firstUser) deps.log.info({ email: input.email }, 'first account created: granted the admin role');
    userId = id;
  }

  const link = await issueLink(deps, req.origin, userId, 'signup', signup);
  await deps.mailer.send(templates.confirmSignup(deps.config.appName, input.email, input.first_name, link));
  return { email: input.email, mailMode: deps.mailer.mode };
}

const signInKeys = (email: string, ip: string | null) => ({
  ip: `signin:ip:${ipKey(ip)}`,
  account: `signin:acct:${email}`,
  accountHere: `signin:acct:${email}:ip:${ipKey(ip)}`,
});

/**
 * Checks e-mail and password under the server-side lockouts; returns the user id. The spec's 5 in 15
 * minutes applies per account AND client IP, so guesses from elsewhere cannot lock the owner out; an
 * account ceiling (all IPs) and an IP ceiling (all accounts) bound guessing spread wider.
 */
export async function checkCredentials(deps: Deps, ip: string | null, input: { email: string; password: string }) {
  const keys = signInKeys(input.email, ip);
  // Counted before the password is checked, so parallel guesses cannot pass a running lockout. The
  // ceilings first: a request one of them refuses counts nothing further.
  await deps.limits.signInIp.enforce([keys.ip]);
  await deps.limits.signInAccount.enforce([keys.account]);
  const limit = await deps.limits.signIn.enforce([keys.accountHere]);

  const user = await findUserByEmail(deps.db, input.email);
  const ok = await deps.passwords.verify(input.password, user?.password_hash ?? (await deps.passwords.dummy()));
  if (!user || !ok) {
    if (limit.remaining === 0) {
      fail.tooManyRequests(M.auth.rateLimited, { retryAfterMinutes: minutesOf(deps.limits.signIn.lockoutMs) });
    }
    fail.unauthorized(M.auth.invalidCredentials, { remainingAttempts: limit.remaining });
  }
  // The right password: only this account's count at this IP starts again (spec §4 "Success resets
  // the count"); the ceilings keep counting, so signing into one's own account resets nothing else.
  await deps.limits.signIn.reset([keys.accountHere]);
  if (!user?.email_confirmed_at) return fail.unauthorized(M.auth.emailNotConfirmed);
  return user.id;
}

/**
 * Ends every sign-in lockout on an account (not the IP ceilings): called once the owner has proved
 * control of the mailbox with a recovery link, the way out of a lockout a stranger's guesses caused.
 */
export async function clearSignInLimits(deps: Deps, email: string) {
  const keys = signInKeys(email, null);
  await deleteLimits(deps.db, [keys.account]);
  await deleteLimitsWithPrefix(deps.db, `${keys.account}:ip:`);
}
