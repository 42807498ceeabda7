import helmet from 'helmet';
import type { Config } from '../config';

/** Helmet with a CSP the app itself passes: no inline scripts; Mantine injects style tags. */
export function securityHeaders(config: Config) {
  return helmet({
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
}
