import { M } from '#shared/messages';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { fail } from '../../lib/errors';
import { deleteLimits, recordAttempt } from './rate-limits.repo';

export type LimitRule = { MAX_ATTEMPTS: number; WINDOW_MS: number; LOCKOUT_MS: number };

export type Attempt =
  /** A lockout was already running: the attempt must be refused without doing its work. */
  | { refused: true; retryAfterMs: number }
  /** Counted; `remaining` attempts are left before the lockout (0: this one started it). */
  | { refused: false; remaining: number };

/**
 * Attempt counting on the server (spec §9 sign-in and sign-up limits), per key: callers pass one key
 * for the account and one for the IP, and the strictest of them decides. The attempt is counted
 * before the work it guards, in one statement per key, so a burst of parallel requests cannot slip
 * past the limit.
 */
export function createRateLimiter(db: Db, clock: Clock, rule: LimitRule) {
  async function attempt(keys: string[]): Promise<Attempt> {
    const now = clock.now();
    const lockEnd = new Date(now.getTime() + rule.LOCKOUT_MS).toISOString();
    const windowFloor = new Date(now.getTime() - rule.WINDOW_MS).toISOString();
    let remaining = rule.MAX_ATTEMPTS;
    let retryAfterMs = 0;
    for (const key of keys) {
      const row = await recordAttempt(db, {
        key,
        now: now.toISOString(),
        windowFloor,
        max: rule.MAX_ATTEMPTS,
        lockEnd,
      });
      // Past the maximum means a lockout was already running before this attempt.
      if (row.attempts > rule.MAX_ATTEMPTS && row.locked_until) {
        retryAfterMs = Math.max(retryAfterMs, new Date(row.locked_until).getTime() - now.getTime());
      }
      remaining = Math.min(remaining, rule.MAX_ATTEMPTS - row.attempts);
    }
    if (retryAfterMs > 0) return { refused: true, retryAfterMs };
    return { refused: false, remaining: Math.max(0, remaining) };
  }

  /** attempt(), refusing a running lockout with the spec's text and the minutes left. */
  async function enforce(keys: string[]): Promise<{ remaining: number }> {
    const a = await attempt(keys);
    if (a.refused) return fail.tooManyRequests(M.auth.rateLimited, { retryAfterMinutes: minutesOf(a.retryAfterMs) });
    return a;
  }

  return { attempt, enforce, reset: (keys: string[]) => deleteLimits(db, keys), lockoutMs: rule.LOCKOUT_MS };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
