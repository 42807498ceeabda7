import { sql } from 'kysely';
import { ATTENDEES, DOWNLOADS } from '#shared/constants';
import type { Config } from './config';
import { DB, RATE_LIMITS } from './constants';
import { type Db, logLostConnection, openPostgres } from './db/connection';
import { createPageViewLimiter } from './features/analytics/page-view-limiter';
import { createMemoryRateLimiter } from './features/auth/memory-rate-limit';
import { createPasswords, type Passwords } from './features/auth/password';
import { createRateLimiter } from './features/auth/rate-limit';
import { createSessions } from './features/auth/session';
import { createInProcessBus, type LiveBus } from './features/changes/bus';
import { createPostgresBus } from './features/changes/postgres-bus';
import { downloadFulfilment } from './features/downloads/download-fulfilment';
import { createPreparedFiles } from './features/downloads/prepared-files';
import { outboxDir } from './features/email/attendee-outbox';
import type { Mailer } from './features/email/mailer';
import { createOutboxMailer } from './features/email/outbox-mailer';
import { createSmtpMailer } from './features/email/smtp-mailer';
import { createLiveFeeds } from './features/live/live-feed';
import { membershipFulfilment } from './features/membership/membership-fulfilment';
import { createPaymentGateway } from './features/payments/create-gateway';
import type { Fulfilment } from './features/payments/fulfil';
import type { PaymentGateway } from './features/payments/gateway';
import { createJoinCommits } from './features/registrations/join-commits';
import { createDiskStorage, uploadsDir } from './features/storage/disk-storage';
import { createLogoProcessor } from './features/storage/images';
import { createJpegStripper } from './features/storage/jpeg-strip-pool';
import { createPhotoProcessor, createSlots } from './features/storage/photos';
import { createS3Storage } from './features/storage/s3-storage';
import type { Storage } from './features/storage/storage';
import { type Clock, systemClock } from './lib/clock';
import { createLinkOrigin } from './lib/link-origin';
import type { Log } from './lib/log';
import { createRequestReader } from './lib/request';
import { systemTimer, type Timer } from './lib/timer';
import { createSocketCounter } from './trpc/socket-limits';

/**
 * Everything a procedure may use, built once by createApp; tests swap any part without vi.mock. Every
 * part that holds state (limiters, feeds, group commit, the file, bus and live-read connections) lives here, one per app.
 */
export function createDeps(
  base: { config: Config; db: Db; log: Log },
  overrides: Partial<{
    clock: Clock;
    mailer: Mailer;
    storage: Storage;
    bus: LiveBus;
    passwords: Passwords;
    payments: PaymentGateway;
    liveTimer: Timer;
    liveDb: Db;
  }> = {},
) {
  const { config, db, log } = base;
  const clock = overrides.clock ?? systemClock;
  // PostgreSQL: connections of the live feeds' own (DB.PG_LIVE_POOL_MAX says why), kept open while idle:
  // a change after a quiet spell would otherwise wait for a new connection before it could be read.
  // SQLite has one connection.
  const liveDb =
    overrides.liveDb ??
    (config.databaseUrl
      ? openPostgres(config.databaseUrl, {
          max: DB.PG_LIVE_POOL_MAX,
          idleMs: 0,
          name: 'roomlist-live',
          onError: logLostConnection(log, 'live'),
        })
      : db);
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
      : createOutboxMailer(outboxDir(config.dataDir), config.mailFrom, log, clock));
  // several processes on one PostgreSQL database hear each other's changes and ended sessions (told on
  // the live pool, so the other processes' screens do not wait behind this one's joins either)
  const pgBus =
    config.databaseUrl && !overrides.bus
      ? createPostgresBus(config.databaseUrl, log, (channel, payload) =>
          sql`SELECT pg_notify(${channel}, ${payload})`.execute(liveDb),
        )
      : undefined;
  const bus: LiveBus = overrides.bus ?? pgBus ?? createInProcessBus();
  return {
    config,
    db,
    /**
     * What the live path reads through: the change log, the rows a batch sends, the cursor and a
     * subscription's start. `db` itself on SQLite; on PostgreSQL a pool of its own, closed by app.close.
     */
    liveDb,
    log,
    clock,
    mailer,
    linkOrigin: createLinkOrigin(config),
    requests: createRequestReader(config),
    bus,
    payments: overrides.payments ?? createPaymentGateway({ config, db, clock }),
    storage: overrides.storage ?? (config.s3 ? createS3Storage(config.s3) : createDiskStorage(uploadsDir(config))),
    sessions: createSessions(db, clock, pgBus?.sessionsEnded),
    passwords: overrides.passwords ?? createPasswords(),
    /** What each selling feature grants for a paid session (payments knows only the interface). */
    fulfilments: [membershipFulfilment, downloadFulfilment] as readonly Fulfilment[],
    /** Photo and logo processing, each with its own bound on work at once. */
    images: photoAndLogoWork(),
    liveFeeds: createLiveFeeds(),
    liveTimer: overrides.liveTimer ?? systemTimer,
    /** Open WebSockets per client address (the per-IP ceiling). */
    sockets: createSocketCounter(),
    preparedFiles: createPreparedFiles(db, clock),
    /** PDF lists built at once, and waiting: each holds its photos and pages in memory. */
    pdfBuilds: createSlots(DOWNLOADS.PDF_BUILDS_AT_ONCE, DOWNLOADS.PDF_BUILDS_WAITING),
    pageViewLimiter: createPageViewLimiter(clock),
    joins: {
      // SQLite (one process): in memory, as a database write here was a second disk sync on every join
      // (docs/decisions/0011-join-fast-path.md). PostgreSQL (several processes): in the database, so the
      // ceiling holds across processes.
      limiter: config.databaseUrl
        ? createRateLimiter(db, clock, ATTENDEES.JOIN_RATE_LIMIT)
        : createMemoryRateLimiter(clock, ATTENDEES.JOIN_RATE_LIMIT, ATTENDEES.JOIN_LIMIT_MAX_KEYS),
      // joins that reach their transaction together share it and its disk sync (group commit)
      commits: createJoinCommits(db),
    },
    /** A WAL checkpoint after an erasure that found the log busy is owed; the erasure job retries it. */
    erasures: { checkpointOwed: false },
    limits: {
      signIn: createRateLimiter(db, clock, RATE_LIMITS.SIGN_IN),
      signInAccount: createRateLimiter(db, clock, RATE_LIMITS.SIGN_IN_ACCOUNT),
      signInIp: createRateLimiter(db, clock, RATE_LIMITS.SIGN_IN_IP),
      signUp: createRateLimiter(db, clock, RATE_LIMITS.SIGN_UP),
      signUpIp: createRateLimiter(db, clock, RATE_LIMITS.SIGN_UP_IP),
      passwordReset: createRateLimiter(db, clock, RATE_LIMITS.PASSWORD_RESET),
      passwordResetIp: createRateLimiter(db, clock, RATE_LIMITS.PASSWORD_RESET_IP),
      tokenIp: createRateLimiter(db, clock, RATE_LIMITS.TOKEN_IP),
      logoUpload: createRateLimiter(db, clock, RATE_LIMITS.LOGO_UPLOAD),
    },
  };
}

/** The JPEG check on its own thread (stopped by `close`), photo decoding slots, logo renders. */
function photoAndLogoWork() {
  const jpegs = createJpegStripper();
  return { processPhoto: createPhotoProcessor(jpegs.strip), processLogo: createLogoProcessor(), close: jpegs.close };
}

export type Deps = ReturnType<typeof createDeps>;
