import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';
import { proxyMatcher } from './trusted-proxies';

const firstOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

/**
 * What a request says about its client, believing X-Forwarded-* only when the connection itself comes
 * from a TRUST_PROXY address (anyone reaching the app directly would otherwise choose their own IP,
 * scheme and host). Built once per app in createDeps (`deps.requests`), with its address matcher.
 */
export function createRequestReader(config: Config) {
  const isTrustedProxy = proxyMatcher(config.trustProxy);
  const fromTrustedProxy = (req: IncomingMessage) =>
    config.trustProxy.length > 0 && isTrustedProxy(req.socket.remoteAddress);

  return {
    fromTrustedProxy,
    /**
     * Client IP: the socket's; from a trusted proxy, X-Forwarded-For read from the right, skipping trusted
     * hops (entries further left were written by whoever the untrusted hop is). Same rule as Express's req.ip.
     */
    clientIp(req: IncomingMessage): string | null {
      let ip = req.socket.remoteAddress ?? null;
      if (!fromTrustedProxy(req)) return ip;
      const fwd = req.headers['x-forwarded-for'];
      const hops = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? ''))
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      for (let i = hops.length - 1; i >= 0; i--) {
        ip = hops[i];
        if (!isTrustedProxy(ip)) break;
      }
      return ip;
    },
    isHttps(req: IncomingMessage): boolean {
      if (config.baseUrl?.startsWith('https:')) return true;
      if ((req.socket as { encrypted?: boolean }).encrypted) return true;
      return fromTrustedProxy(req) && firstOf(req.headers['x-forwarded-proto']) === 'https';
    },
    /** The Host the browser used: X-Forwarded-Host from a trusted proxy, else Host. For origin checks only. */
    requestHost(req: IncomingMessage): string | undefined {
      return (fromTrustedProxy(req) && firstOf(req.headers['x-forwarded-host'])) || req.headers.host;
    },
  };
}

export type RequestReader = ReturnType<typeof createRequestReader>;
