import crypto from 'node:crypto';
import { DOWNLOADS, GDPR, PAGE_VIEWS, PAYMENTS } from '#shared/constants';
import { FOLLOW_UP, JOBS, LIVE, RATE_LIMITS } from '../constants';
import type { Deps } from '../deps';
import { deletePageViewsBefore } from '../features/analytics/page-views.repo';
import { deleteStaleLimits } from '../features/auth/rate-limits.repo';
import { deleteExpiredSessions } from '../features/auth/sessions.repo';
import { deleteExpiredTokens } from '../features/auth/tokens.repo';
import { deleteChangesBefore } from '../features/changes/changes.repo';
import { pruneAttendeeOutbox } from '../features/email/attendee-outbox';
import { sendDueFollowUps } from '../features/follow-up/follow-up';
import { pruneBackups } from '../features/gdpr/backups';
import { eraseDue, retryOwedCheckpoint } from '../features/gdpr/erase';
import { sweepOrphanPhotos } from '../features/gdpr/orphan-photos';
import { deleteTestCheckoutsBefore } from '../features/payments/test-checkouts.repo';
import { releaseLease, takeLease } from './job-leases.repo';

/** `perProcess`: runs in every process without the lease (it cleans up what is the process's own). */
type Job = { name: string; everyMs: number; perProcess?: boolean; run: (deps: Deps) => Promise<unknown> };

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
  {
    // ours: page views are kept 90 days (the admin dashboard charts the last 30)
    name: 'page-view-retention',
    everyMs: PAGE_VIEWS.PRUNE_EVERY_MS,
    run: (d) => {
      const before = new Date(d.clock.now().getTime() - PAGE_VIEWS.KEEP_MS).toISOString();
      return deletePageViewsBefore(d.db, before, PAGE_VIEWS.PRUNE_BATCH);
    },
  },
  {
    // spec §9: attendee data erased two weekdays after the event; expired backups go on the same schedule
    name: 'gdpr-erase',
    everyMs: GDPR.ERASE_EVERY_MS,
    run: async (d) => {
      await eraseDue(d);
      await retryOwedCheckpoint(d);
      await sweepOrphanPhotos(d);
      await pruneBackups(d);
    },
  },
  {
    // ours (docs/follow-up-mail.md): the day before the erasure, each connected attendee's contacts
    name: 'follow-up-mails',
    everyMs: FOLLOW_UP.EVERY_MS,
    run: (d) => sendDueFollowUps(d),
  },
  {
    // ours: an attendee's mail in this process's outbox (no SMTP_URL) lives no longer than a backup
    name: 'attendee-outbox-retention',
    everyMs: GDPR.ERASE_EVERY_MS,
    perProcess: true,
    run: (d) => pruneAttendeeOutbox(d),
  },
  {
    // a prepared download's names stay no longer than its link works (put trims too, but only when used)
    name: 'expired-downloads',
    everyMs: DOWNLOADS.FILE_TTL_MS,
    run: (d) => d.preparedFiles.deleteExpired(),
  },
  {
    name: 'live-log-retention',
    everyMs: LIVE.LOG_PRUNE_EVERY_MS,
    run: (d) => deleteChangesBefore(d.db, new Date(d.clock.now().getTime() - LIVE.LOG_KEEP_MS).toISOString()),
  },
  {
    // ours: built-in test checkouts are never cleaned up otherwise (one row per checkout opened)
    name: 'test-checkout-retention',
    everyMs: PAYMENTS.TEST_CHECKOUT_PRUNE_EVERY_MS,
    run: (d) =>
      deleteTestCheckoutsBefore(d.db, new Date(d.clock.now().getTime() - PAYMENTS.TEST_CHECKOUT_KEEP_MS).toISOString()),
  },
];

/**
 * Runs each job now and then on its interval, in one process at a time when several share the database
 * (a lease row per job: a process that finds it held by a run elsewhere skips that run; a `perProcess`
 * job runs in each). Returns a stop function: no further runs, and its promise
 * settles once the runs under way have finished (`firstRun` settles after the runs at start).
 */
export function startScheduler(deps: Deps, list: Job[] = jobs) {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  // several processes on one database take turns: a run goes ahead only with the job's lease
  const holder = crypto.randomUUID();
  const leased = async (job: Job) => {
    if (job.perProcess) return void (await job.run(deps));
    const now = deps.clock.now();
    const until = new Date(now.getTime() + JOBS.LEASE_MS).toISOString();
    if (!(await takeLease(deps.db, { name: job.name, holder, now: now.toISOString(), until }))) return;
    try {
      await job.run(deps);
    } finally {
      await releaseLease(deps.db, job.name, holder);
    }
  };
  const run = (job: Job) => {
    if (stopped) return Promise.resolve();
    const p = leased(job).catch((err) => deps.log.error({ err, job: job.name }, 'scheduled job failed'));
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };
  const firstRuns = list.map(run);
  const timers = list.map((job) => {
    const t = setInterval(() => void run(job), job.everyMs);
    t.unref();
    return t;
  });
  const stop = async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all([...running]);
  };
  return Object.assign(stop, { firstRun: Promise.all(firstRuns).then(() => undefined) });
}
