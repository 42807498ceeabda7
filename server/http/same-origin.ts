import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';
import type { RequestReader } from '../lib/request';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * A browser request is ours when its Origin is this host (on http or https; behind a trusted proxy the
 * host it was asked for) or BASE_URL. A request
 * without Origin (curl, server-to-server) carries no ambient browser credentials of another site.
 */
export function isAllowedOrigin(req: IncomingMessage, config: Config, requests: RequestReader): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (!origin) return true;
  const got = originOf(origin);
  if (!got) return false;
  const host = requests.requestHost(req);
  const allowed = new Set<string>();
  if (host) allowed.add(`http://${host}`).add(`https://${host}`);
  if (config.baseUrl) {
    const base = originOf(config.baseUrl);
    if (base) allowed.add(base);
  }
  return allowed.has(got);
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** tRPC also accepts form posts, so a cross-site HTML form could reach a mutation: refuse it. */
export function sameOriginGuard(config: Config, requests: RequestReader) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE.has(req.method) || isAllowedOrigin(req, config, requests)) return next();
    res.status(403).json({ error: 'Cross-site request refused' });
  };
}
