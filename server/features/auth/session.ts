import crypto from 'node:crypto';
import { SESSION } from '../../constants';
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
/** Tells the other processes which sessions ended here, and hears theirs (the PostgreSQL bus). */
export type SessionEndBroadcast = {
  publish(sessionIds: string[]): void;
  subscribe(listener: (sessionIds: string[]) => void): () => void;
};

export function createSessions(db: Db, clock: Clock, broadcast?: SessionEndBroadcast) {
  // WebSockets on ended sessions are closed by whoever listens here; with several processes, the
  // broadcast brings the others' ends here too (a sign-out on one closes the sockets on another).
  const endedListeners = new Set<(sessionIds: string[]) => void>();
  const tell = (sessionIds: string[]) => {
    for (const listener of endedListeners) listener(sessionIds);
  };
  broadcast?.subscribe(tell);
  const ended = (sessionIds: string[]) => {
    if (sessionIds.length === 0) return;
    tell(sessionIds);
    broadcast?.publish(sessionIds);
  };

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
   * re-sent with the token. `slide: false` leaves the expiry alone: a WebSocket cannot re-send the
   * cookie, and a session extended without its cookie would end in the browser before it does here.
   */
  async function validate(token: string | undefined, { slide = true }: { slide?: boolean } = {}) {
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
      ended([session_id]);
      return null;
    }
    let refreshedExpiresAt: Date | undefined;
    if (slide && expires - now < SESSION.REFRESH_WHEN_LEFT_MS) {
      refreshedExpiresAt = new Date(now + SESSION.TTL_MS);
      await extendSession(db, session_id, refreshedExpiresAt.toISOString());
    }
    const roles = await rolesOf(db, user.id);
    const expiresAt = refreshedExpiresAt ?? new Date(expires);
    return { token, sessionId: session_id, user: { ...user, roles }, expiresAt, refreshedExpiresAt };
  }

  /** The session named by a request's Cookie header (the same for HTTP, WebSocket and upload routes). */
  const fromCookieHeader = (header: string | undefined, opts?: { slide?: boolean }) =>
    validate(parseCookies(header)[SESSION.COOKIE_NAME], opts);

  return {
    create,
    validate,
    fromCookieHeader,
    invalidate: async (sessionId: string) => {
      await deleteSession(db, sessionId);
      ended([sessionId]);
    },
    invalidateAll: async (userId: string) => ended(await deleteUserSessions(db, userId)),
    /** Called with the ids of sessions that ended (sign-out, reset, found expired); returns the unsubscribe. */
    onEnded: (listener: (sessionIds: string[]) => void) => {
      endedListeners.add(listener);
      return () => void endedListeners.delete(listener);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
export type SessionUser = NonNullable<Awaited<ReturnType<Sessions['validate']>>>['user'];
