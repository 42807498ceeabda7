import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';

/**
 * Client IP: the socket's, or with TRUST_PROXY the last X-Forwarded-For hop (the one our proxy
 * appended; earlier entries are whatever the client wrote).
 */
export function clientIp(req: IncomingMessage, config: Config): string | null {
  if (config.trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const last = (Array.isArray(fwd) ? fwd.join(',') : fwd)?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? null;
}

export function isHttps(req: IncomingMessage, config: Config): boolean {
  if (config.baseUrl?.startsWith('https:')) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return config.trustProxy && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0] === 'https';
}

/** The origin users reach the app on: BASE_URL when set, else the one this request came to. */
export function appOrigin(req: IncomingMessage, config: Config): string {
  if (config.baseUrl) return config.baseUrl;
  const host = (config.trustProxy && (req.headers['x-forwarded-host'] as string)) || req.headers.host || 'localhost';
  return `${isHttps(req, config) ? 'https' : 'http'}://${host}`;
}
