import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { deleteLimits, findLimits, upsertLimit } from './rate-limits.repo';

export type LimitRule = { MAX_ATTEMPTS: number; WINDOW_MS: number; LOCKOUT_MS: number };

/**
 * Attempt counting on the server (spec §9 sign-in and sign-up limits), per key: callers pass one key
 * for the account and one for the IP, and the strictest of them decides.
 */
export function createRateLimiter(db: Db, clock: Clock, rule: LimitRule) {
  /** Milliseconds until the lockout ends, or 0 when not locked. */
  async function lockedFor(keys: string[]): Promise<number> {
    const now = clock.now().getTime();
    const rows = await findLimits(db, keys);
    return Math.max(0, ...rows.map((r) => (r.locked_until ? new Date(r.locked_until).getTime() - now : 0)));
  }

  /** Records one attempt on every key; returns attempts left before lockout (0 means now locked). */
  async function hit(keys: string[]): Promise<{ remaining: number; lockedForMs: number }> {
    const now = clock.now();
    const rows = new Map((await findLimits(db, keys)).map((r) => [r.key, r]));
    let remaining = rule.MAX_ATTEMPTS;
    for (const key of keys) {
      const prev = rows.get(key);
      const fresh = !prev || now.getTime() - new Date(prev.window_start).getTime() > rule.WINDOW_MS;
      const attempts = fresh ? 1 : prev.attempts + 1;
      const locked = attempts >= rule.MAX_ATTEMPTS;
      await upsertLimit(db, {
        key,
        attempts,
        window_start: fresh ? now.toISOString() : prev.window_start,
        locked_until: locked ? new Date(now.getTime() + rule.LOCKOUT_MS).toISOString() : null,
      });
      remaining = Math.min(remaining, rule.MAX_ATTEMPTS - attempts);
    }
    remaining = Math.max(0, remaining);
    return { remaining, lockedForMs: remaining === 0 ? rule.LOCKOUT_MS : 0 };
  }

  return { lockedFor, hit, reset: (keys: string[]) => deleteLimits(db, keys) };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
