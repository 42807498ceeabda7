import net from 'node:net';

/** The names Express's `trust proxy` also understands (proxy-addr), so both read the list alike. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
const OFF = new Set(['', 'false', '0']);
const ON = new Set(['true', '1']);

function isAddressOrSubnet(entry: string): boolean {
  if (entry in NAMED) return true;
  const [ip, bits, extra] = entry.split('/');
  const family = net.isIP(ip);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY → the proxies whose X-Forwarded-* headers are believed: `false` none, `true` the
 * loopback proxy only, else a comma-separated list of addresses, subnets and the names above.
 * Returns undefined for a value that is none of these.
 */
export function parseTrustProxy(raw: string): string[] | undefined {
  const value = raw.trim().toLowerCase();
  if (OFF.has(value)) return [];
  if (ON.has(value)) return ['loopback'];
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isAddressOrSubnet) ? entries : undefined;
}

/** A matcher for a parsed TRUST_PROXY list; IPv4-mapped IPv6 peers (::ffff:a.b.c.d) match their IPv4 entries. */
export function proxyMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((e) => NAMED[e] ?? [e])) {
    const [ip, bits] = entry.split('/');
    const type = net.isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : undefined;
    if (mapped && net.isIPv4(mapped)) return list.check(mapped, 'ipv4');
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
