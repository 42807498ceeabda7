import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { LINKEDIN } from '#shared/constants';
import type { Config } from '../config';

const POPUP_CALLBACKS = new Set<string>(LINKEDIN.CALLBACK_PATHS);
// Built scripts and stylesheets: a browser never renders them as a document, so the document-only
// headers (CSP, COOP, frame options ...) do nothing there. (An SVG can be opened as a document: not here.)
const BUILT_ASSET = /^\/assets\/[^?]+\.(?:m?js|css|woff2?)$/;

const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * The WebSocket origin of the page's own address ('self' covers ws/wss of the same host in current
 * browsers, not in every older one): the live updates may connect there and nowhere else.
 */
function connectSources(req: Request): string {
  const host = req.get('host') ?? '';
  if (!HOST.test(host)) return "'self'";
  return `'self' ${req.protocol === 'https' ? 'wss' : 'ws'}://${host}`;
}

/** Helmet with a CSP the app itself passes: no inline scripts; Mantine injects style tags. */
export function securityHeaders(config: Config) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [(req) => connectSources(req as Request)],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.baseUrl?.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Same-origin popups (LinkedIn import) must be able to post back to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.baseUrl?.startsWith('https:') ? undefined : false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    // issue 8 B6: ~0.5 KB less on each of the dozen files a page loads. nosniff keeps the browser from
    // running a file the server did not label as script or style; CORP keeps other sites from embedding it.
    if (BUILT_ASSET.test(req.path)) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      return next();
    }
    return headers(req, res, (err?: unknown) => {
      // The LinkedIn popup reaches its callback page from LinkedIn's: a policy there other than
      // unsafe-none puts the page in a new browsing context group, and it loses its opener.
      if (POPUP_CALLBACKS.has(req.path)) res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
      next(err);
    });
  };
}
