import crypto from 'node:crypto';
import { SESSION } from '#shared/constants';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/ids';
import { deleteSession, deleteUserSessions, extendSession, findSession, insertSession } from './sessions.repo';
import { findUserById, rolesOf } from './users.repo';

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

  /** The signed-in user for a token, or null. `refreshedExpiresAt` is set when the cookie should be re-sent. */
  async function validate(token: string | undefined) {
    if (!token) return null;
    const [id, secret] = token.split('.');
    if (!id || !secret) return null;
    const row = await findSession(db, id);
    if (!row) return null;
    const actual = sha256(secret);
    if (!crypto.timingSafeEqual(actual, Buffer.from(row.secret_hash))) return null;
    const now = clock.now().getTime();
    const expires = new Date(row.expires_at).getTime();
    if (expires <= now) {
      await deleteSession(db, id);
      return null;
    }
    let refreshedExpiresAt: Date | undefined;
    if (expires - now < SESSION.REFRESH_WHEN_LEFT_MS) {
      refreshedExpiresAt = new Date(now + SESSION.TTL_MS);
      await extendSession(db, id, refreshedExpiresAt.toISOString());
    }
    const user = await findUserById(db, row.user_id);
    if (!user) return null;
    const roles = await rolesOf(db, user.id);
    return { sessionId: id, user: { ...user, roles }, refreshedExpiresAt };
  }

  return {
    create,
    validate,
    invalidate: (sessionId: string) => deleteSession(db, sessionId),
    invalidateAll: (userId: string) => deleteUserSessions(db, userId),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
export type SessionUser = NonNullable<Awaited<ReturnType<Sessions['validate']>>>['user'];
