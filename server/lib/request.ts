import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';
import { proxyMatcher } from './trusted-proxies';

const matchers = new WeakMap<Config, (address: string | undefined) => boolean>();
function isTrustedProxy(address: string | undefined, config: Config): boolean {
  let match = matchers.get(config);
  if (!match) {
    match = proxyMatcher(config.trustProxy);
    matchers.set(config, match);
  }
  return match(address);
}

/**
 * Whether X-Forwarded-* may be believed: only when the connection itself comes from a TRUST_PROXY
 * address. Anyone reaching the app directly would otherwise choose their own IP, scheme and host.
 */
export function fromTrustedProxy(req: IncomingMessage, config: Config): boolean {
  return config.trustProxy.length > 0 && isTrustedProxy(req.socket.remoteAddress, config);
}

const firstOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

/**
 * Client IP: the socket's; from a trusted proxy, X-Forwarded-For read from the right, skipping trusted
 * hops (entries further left were written by whoever the untrusted hop is). Same rule as Express's req.ip.
 */
export function clientIp(req: IncomingMessage, config: Config): string | null {
  let ip = req.socket.remoteAddress ?? null;
  if (!fromTrustedProxy(req, config)) return ip;
  const fwd = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? ''))
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    ip = hops[i];
    if (!isTrustedProxy(ip, config)) break;
  }
  return ip;
}

export function isHttps(req: IncomingMessage, config: Config): boolean {
  if (config.baseUrl?.startsWith('https:')) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return fromTrustedProxy(req, config) && firstOf(req.headers['x-forwarded-proto']) === 'https';
}

/** The Host the browser used: X-Forwarded-Host from a trusted proxy, else Host. For origin checks only. */
export function requestHost(req: IncomingMessage, config: Config): string | undefined {
  return (fromTrustedProxy(req, config) && firstOf(req.headers['x-forwarded-host'])) || req.headers.host;
}
