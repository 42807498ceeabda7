import net from 'node:net';
import { PAGE_VIEWS } from '#shared/constants';
import type { Clock } from '../../lib/clock';

type Limits = {
  windowMs: number;
  perIp: number;
  perUser: number;
  all: number;
  maxClients: number;
};
const DEFAULT: Limits = {
  windowMs: PAGE_VIEWS.WINDOW_MS,
  perIp: PAGE_VIEWS.PER_IP_PER_WINDOW,
  perUser: PAGE_VIEWS.PER_USER_PER_WINDOW,
  all: PAGE_VIEWS.ALL_PER_WINDOW,
  maxClients: PAGE_VIEWS.MAX_TRACKED_CLIENTS,
};

/** One IPv6 host can hold a whole /64, so that is what counts as one client; IPv4 counts per address. */
export function clientKey(ip: string | null | undefined): string {
  if (!ip) return 'ip:unknown';
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) return `ip:${v4}`;
  if (!net.isIPv6(ip)) return 'ip:unknown';
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return `ip:${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * In-memory fixed-window counters for anonymous page views. A database limiter would cost a write per
 * check, as much as the page view it guards; losing these counters on a restart loses nothing worth
 * keeping. Memory stays bounded: the map is emptied when the window turns and never holds more than
 * `maxClients` keys (past that, views from clients not yet seen in this window are dropped).
 */
export function createPageViewLimiter(clock: Clock, limits: Partial<Limits> = {}) {
  const l = { ...DEFAULT, ...limits };
  let window = -1;
  let all = 0;
  const counts = new Map<string, number>();

  return {
    /** true: store this view (and count it); false: drop it. */
    allow(who: { ip: string | null; userId: string | null }): boolean {
      const now = Math.floor(clock.now().getTime() / l.windowMs);
      if (now !== window) {
        window = now;
        all = 0;
        counts.clear();
      }
      const keys: [string, number][] = [[clientKey(who.ip), l.perIp]];
      if (who.userId) keys.push([`user:${who.userId}`, l.perUser]);
      if (all >= l.all) return false;
      for (const [key, max] of keys) {
        const n = counts.get(key);
        if (n === undefined ? counts.size >= l.maxClients : n >= max) return false;
      }
      all++;
      for (const [key] of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return true;
    },
    trackedClients: () => counts.size,
  };
}
export type PageViewLimiter = ReturnType<typeof createPageViewLimiter>;
