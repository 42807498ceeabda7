import { M } from '#shared/messages';
import type { Clock } from '../../lib/clock';
import { fail } from '../../lib/errors';
import { type Attempt, type LimitRule, minutesOf } from './rate-limit';

type Entry = { attempts: number; windowStart: number; lockedUntil: number | null };

/**
 * The rules of createRateLimiter (rate-limit.ts, recordAttempt in rate-limits.repo.ts) counted in this
 * process's memory instead of in the database: no write, so no disk sync, per attempt. For a limit that
 * guards a hot path and may forget its counts on a restart (the join ceiling:
 * docs/decisions/0011-join-fast-path.md). The count happens synchronously before the caller's work, so
 * parallel requests cannot slip past it either. At most `maxKeys` keys are held: past that, keys whose
 * window has passed and that hold no lockout go first, then the oldest.
 */
export function createMemoryRateLimiter(clock: Clock, rule: LimitRule, maxKeys: number) {
  const entries = new Map<string, Entry>();

  const stale = (e: Entry, now: number) =>
    e.windowStart <= now - rule.WINDOW_MS && (e.lockedUntil === null || e.lockedUntil <= now);

  function makeRoom(now: number) {
    for (const [key, e] of entries) if (stale(e, now)) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  }

  function count(key: string, now: number): Entry {
    const e = entries.get(key);
    if (!e) {
      if (entries.size >= maxKeys) makeRoom(now);
      const fresh = {
        attempts: 1,
        windowStart: now,
        lockedUntil: rule.MAX_ATTEMPTS <= 1 ? now + rule.LOCKOUT_MS : null,
      };
      entries.set(key, fresh);
      return fresh;
    }
    // As recordAttempt: attempts keep counting during a lockout; a passed window or an ended lockout
    // starts again at 1; reaching the maximum starts the lockout.
    const lockedNow = e.lockedUntil !== null && e.lockedUntil > now;
    const restart = !lockedNow && (e.windowStart <= now - rule.WINDOW_MS || e.lockedUntil !== null);
    e.attempts = restart ? 1 : e.attempts + 1;
    if (restart) e.windowStart = now;
    if (!lockedNow) e.lockedUntil = e.attempts >= rule.MAX_ATTEMPTS ? now + rule.LOCKOUT_MS : null;
    return e;
  }

  function attempt(keys: string[]): Attempt {
    const now = clock.now().getTime();
    let remaining = rule.MAX_ATTEMPTS;
    let retryAfterMs = 0;
    for (const key of keys) {
      const e = count(key, now);
      if (e.attempts > rule.MAX_ATTEMPTS && e.lockedUntil !== null) {
        retryAfterMs = Math.max(retryAfterMs, e.lockedUntil - now);
      }
      remaining = Math.min(remaining, rule.MAX_ATTEMPTS - e.attempts);
    }
    if (retryAfterMs > 0) return { refused: true, retryAfterMs };
    return { refused: false, remaining: Math.max(0, remaining) };
  }

  /** attempt(), refusing a running lockout with the spec's text and the minutes left. */
  function enforce(keys: string[]): { remaining: number } {
    const a = attempt(keys);
    if (a.refused) return fail.tooManyRequests(M.auth.rateLimited, { retryAfterMinutes: minutesOf(a.retryAfterMs) });
    return a;
  }

  return { attempt, enforce, size: () => entries.size };
}
