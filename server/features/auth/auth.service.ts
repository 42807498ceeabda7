import { TOKENS } from '#shared/constants';
import { M } from '#shared/messages';
import type { EmailTokenType } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { newId, randomToken, sha256Hex } from '../../lib/ids';
import { templates } from '../email/templates';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { minutesOf } from './rate-limit';
import { deleteUnusedTokens, insertToken } from './tokens.repo';
import { countUsers, findUserByEmail, grantRole, insertUser, replaceUnconfirmedDetails } from './users.repo';

const TTL: Record<EmailTokenType, number> = {
  signup: TOKENS.SIGNUP_TTL_MS,
  recovery: TOKENS.RECOVERY_TTL_MS,
  email_change: TOKENS.EMAIL_CHANGE_TTL_MS,
  magiclink: TOKENS.MAGICLINK_TTL_MS,
};

/** Issues a single-use token (only its hash is stored) and returns the /auth link that carries it. */
export async function issueLink(deps: Deps, origin: string, userId: string, type: EmailTokenType) {
  const token = randomToken(32);
  const now = deps.clock.now();
  await deleteUnusedTokens(deps.db, userId, type);
  await insertToken(deps.db, {
    id: newId(),
    user_id: userId,
    type,
    token_hash: sha256Hex(token),
    expires_at: new Date(now.getTime() + TTL[type]).toISOString(),
    now: now.toISOString(),
  });
  return `${origin}/auth?token=${token}&type=${type}`;
}

const keys = (kind: string, email: string, ip: string | null) => [
  `${kind}:email:${email}`,
  `${kind}:ip:${ip ?? 'unknown'}`,
];

export async function signUp(
  deps: Deps,
  req: { ip: string | null; origin: string },
  input: { first_name: string; last_name: string; email: string; password: string },
) {
  await deps.limits.signUp.enforce(keys('signup', input.email, req.ip));

  const existing = await findUserByEmail(deps.db, input.email);
  if (existing?.email_confirmed_at) fail.conflict(M.auth.alreadyRegistered);
  if (existing) {
    // Unconfirmed: whoever confirms this address gets the details given last, never an earlier
    // sign-up's password (which anyone could have typed for someone else's address).
    const now = deps.clock.now().toISOString();
    await replaceUnconfirmedDetails(deps.db, existing.id, {
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      now,
    });
    const link = await issueLink(deps, req.origin, existing.id, 'signup');
    await deps.mailer.send(templates.confirmSignup(deps.config.appName, existing.email, input.first_name, link));
    return { email: existing.email, mailMode: deps.mailer.mode };
  }

  const id = newId();
  const now = deps.clock.now().toISOString();
  const password_hash = await hashPassword(input.password);
  const firstUser = await deps.db.transaction().execute(async (trx) => {
    const first = (await countUsers(trx)) === 0;
    await insertUser(trx, {
      id,
      email: input.email,
      password_hash,
      first_name: input.first_name,
      last_name: input.last_name,
      now,
    });
    if (first) await grantRole(trx, id, 'admin', newId(), now);
    return first;
  });
  if (firstUser) deps.log.info({ email: input.email }, 'first account created: granted the admin role');

  const link = await issueLink(deps, req.origin, id, 'signup');
  await deps.mailer.send(templates.confirmSignup(deps.config.appName, input.email, input.first_name, link));
  return { email: input.email, mailMode: deps.mailer.mode };
}

/** Checks e-mail and password under the server-side lockout; returns the user id. */
export async function checkCredentials(deps: Deps, ip: string | null, input: { email: string; password: string }) {
  const limitKeys = keys('signin', input.email, ip);
  // Counted before the password is checked, so parallel guesses cannot pass a running lockout.
  const limit = await deps.limits.signIn.enforce(limitKeys);

  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    if (limit.remaining === 0) {
      fail.tooManyRequests(M.auth.rateLimited, { retryAfterMinutes: minutesOf(deps.limits.signIn.lockoutMs) });
    }
    fail.unauthorized(M.auth.invalidCredentials, { remainingAttempts: limit.remaining });
  }
  // The right password: this attempt does not count against the account.
  await deps.limits.signIn.reset(limitKeys);
  if (!user?.email_confirmed_at) return fail.unauthorized(M.auth.emailNotConfirmed);
  return user.id;
}
