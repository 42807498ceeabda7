import { RATE_LIMITS } from '#shared/constants';
import type { Deps } from '../deps';
import { deleteStaleLimits } from '../features/auth/rate-limits.repo';
import { deleteExpiredSessions } from '../features/auth/sessions.repo';
import { deleteExpiredTokens } from '../features/auth/tokens.repo';

type Job = { name: string; everyMs: number; run: (deps: Deps) => Promise<unknown> };

export const jobs: Job[] = [
  {
    name: 'expired-sessions',
    everyMs: 60 * 60_000,
    run: (d) => deleteExpiredSessions(d.db, d.clock.now().toISOString()),
  },
  {
    name: 'expired-email-tokens',
    everyMs: 60 * 60_000,
    run: (d) => deleteExpiredTokens(d.db, d.clock.now().toISOString()),
  },
  {
    name: 'stale-rate-limits',
    everyMs: 60 * 60_000,
    run: (d) => {
      const now = d.clock.now();
      const longestWindow = Math.max(RATE_LIMITS.SIGN_IN.WINDOW_MS, RATE_LIMITS.SIGN_UP.WINDOW_MS);
      return deleteStaleLimits(d.db, new Date(now.getTime() - longestWindow).toISOString(), now.toISOString());
    },
  },
];

/** Runs each job now and then on its interval; returns a stop function. */
export function startScheduler(deps: Deps, list: Job[] = jobs) {
  const run = (job: Job) =>
    job.run(deps).catch((err) => deps.log.error({ err, job: job.name }, 'scheduled job failed'));
  const timers = list.map((job) => {
    void run(job);
    const t = setInterval(() => void run(job), job.everyMs);
    t.unref();
    return t;
  });
  return () => timers.forEach(clearInterval);
}
