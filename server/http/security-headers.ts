import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { LINKEDIN } from '#shared/constants';
import type { Config } from '../config';

const POPUP_CALLBACKS = new Set<string>(LINKEDIN.CALLBACK_PATHS);

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
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
  return (req: Request, res: Response, next: NextFunction) =>
    headers(req, res, (err?: unknown) => {
      // The LinkedIn popup reaches its callback page from LinkedIn's: a policy there other than
      // unsafe-none puts the page in a new browsing context group, and it loses its opener.
      if (POPUP_CALLBACKS.has(req.path)) res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
      next(err);
    });
}
