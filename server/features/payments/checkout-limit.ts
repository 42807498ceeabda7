import { M } from '#shared/messages';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { createRateLimiter, type LimitRule, minutesOf } from '../auth/rate-limit';

/**
 * Counts one checkout against `key` before the provider is asked: each checkout is a Stripe API write
 * or a test_checkouts row, so an endless loop of them is refused with the minutes left to wait.
 */
export async function limitCheckouts(deps: Deps, rule: LimitRule, key: string): Promise<void> {
  const a = await createRateLimiter(deps.db, deps.clock, rule).attempt([key]);
  if (!a.refused) return;
  const minutes = minutesOf(a.retryAfterMs);
  fail.tooManyRequests(M.payments.tooManyCheckouts(minutes), { retryAfterMinutes: minutes });
}
