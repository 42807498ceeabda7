import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION } from '../constants';
import type { Deps } from '../deps';
import { serializeCookie } from '../lib/cookies';

/**
 * One context for HTTP and WebSocket calls: the WS upgrade request carries the same cookie. A WebSocket
 * (no `res`) gets its context once per connection, so it also gets `recheckSession` to read the session
 * again for each call, and never slides the expiry (it cannot re-send the cookie).
 */
export async function createContext(deps: Deps, req: IncomingMessage, res?: ServerResponse) {
  const secure = deps.requests.isHttps(req);
  const setCookie = (value: string, expires: Date) => {
    res?.appendHeader('Set-Cookie', serializeCookie(SESSION.COOKIE_NAME, value, { expires, secure }));
  };
  const auth = await deps.sessions.fromCookieHeader(req.headers.cookie, { slide: Boolean(res) });
  if (auth?.refreshedExpiresAt) setCookie(auth.token, auth.refreshedExpiresAt);
  return {
    deps,
    ip: deps.requests.clientIp(req),
    origin: deps.linkOrigin.get(),
    /** The Host the browser used (for origin checks only, as the same-origin guard reads it). */
    host: deps.requests.requestHost(req) ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    user: auth?.user ?? null,
    sessionId: auth?.sessionId ?? null,
    sessionExpiresAt: auth?.expiresAt ?? null,
    recheckSession: auth && !res ? () => deps.sessions.fromCookieHeader(req.headers.cookie, { slide: false }) : null,
    setSessionCookie: setCookie,
    clearSessionCookie: () => setCookie('', new Date(0)),
  };
}

export type Context = Awaited<ReturnType<typeof createContext>>;
