import net from 'node:net';

/** Anonymise before storage: IPv4 last octet zeroed, IPv6 cut to /48. */
export function anonymizeIp(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  if (ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7))) ip = ip.slice(7);
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0`;
  if (net.isIPv6(ip)) {
    const groups = expandIpv6(ip);
    return `${groups.slice(0, 3).join(':')}::`;
  }
  return null;
}

function expandIpv6(ip: string): string[] {
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - h.length - t.length : 0;
  return [...h, ...Array(missing).fill('0'), ...t].map((g) => (g.replace(/^0+/, '') || '0').toLowerCase());
}
