import crypto from 'node:crypto';
import { SESSION } from '#shared/constants';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { parseCookies } from '../../lib/cookies';
import { randomToken, sha256 } from '../../lib/ids';
import { deleteSession, deleteUserSessions, extendSession, findSessionWithUser, insertSession } from './sessions.repo';
import { rolesOf } from './users.repo';

/**
 * Sessions as the Lucia project's guide prescribes: the token is `id.secret`, only SHA-256(secret) is
 * stored, the secret is compared in constant time, and expiry slides forward while the session is used.
 */
export function createSessions(db: Db, clock: Clock) {
  async function create(userId: string) {
    const id = randomToken();
    const secret = randomToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION.TTL_MS);
    await insertSession(db, {
      id,
      user_id: userId,
      secret_hash: sha256(secret),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return { token: `${id}.${secret}`, expiresAt };
  }

  /**
   * The signed-in user for a token, or null. `refreshedExpiresAt` is set when the cookie should be
   * re-sent with the token.
   */
  async function validate(token: string | undefined) {
    if (!token) return null;
    const [id, secret] = token.split('.');
    if (!id || !secret) return null;
    const row = await findSessionWithUser(db, id);
    if (!row) return null;
    const { session_id, secret_hash, expires_at, ...user } = row;
    if (!crypto.timingSafeEqual(sha256(secret), Buffer.from(secret_hash))) return null;
    const now = clock.now().getTime();
    const expires = new Date(expires_at).getTime();
    if (expires <= now) {
      await deleteSession(db, session_id);
      return null;
    }
    let refreshedExpiresAt: Date | undefined;
    if (expires - now < SESSION.REFRESH_WHEN_LEFT_MS) {
      refreshedExpiresAt = new Date(now + SESSION.TTL_MS);
      await extendSession(db, session_id, refreshedExpiresAt.toISOString());
    }
    const roles = await rolesOf(db, user.id);
    return { token, sessionId: session_id, user: { ...user, roles }, refreshedExpiresAt };
  }

  /** The session named by a request's Cookie header (the same for HTTP, WebSocket and upload routes). */
  const fromCookieHeader = (header: string | undefined) => validate(parseCookies(header)[SESSION.COOKIE_NAME]);

  return {
    create,
    validate,
    fromCookieHeader,
    invalidate: (sessionId: string) => deleteSession(db, sessionId),
    invalidateAll: (userId: string) => deleteUserSessions(db, userId),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
export type SessionUser = NonNullable<Awaited<ReturnType<Sessions['validate']>>>['user'];
