import path from 'node:path';
import { RATE_LIMITS } from '#shared/constants';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createPasswords, type Passwords } from './features/auth/password';
import { createRateLimiter } from './features/auth/rate-limit';
import { createSessions } from './features/auth/session';
import type { Mailer } from './features/email/mailer';
import { createOutboxMailer } from './features/email/outbox-mailer';
import { createSmtpMailer } from './features/email/smtp-mailer';
import { createInProcessBus, type LiveBus } from './features/live/bus';
import { createPaymentGateway } from './features/payments/create-gateway';
import type { PaymentGateway } from './features/payments/gateway';
import { createDiskStorage, uploadsDir } from './features/storage/disk-storage';
import type { Storage } from './features/storage/storage';
import { type Clock, systemClock } from './lib/clock';
import { createLinkOrigin } from './lib/link-origin';
import type { Log } from './lib/log';

/** Everything a procedure may use, built once by createApp; tests swap any part without vi.mock. */
export function createDeps(
  base: { config: Config; db: Db; log: Log },
  overrides: Partial<{
    clock: Clock;
    mailer: Mailer;
    storage: Storage;
    bus: LiveBus;
    passwords: Passwords;
    payments: PaymentGateway;
  }> = {},
) {
  const { config, db, log } = base;
  const clock = overrides.clock ?? systemClock;
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log));
  return {
    config,
    db,
    log,
    clock,
    mailer,
    linkOrigin: createLinkOrigin(config),
    bus: overrides.bus ?? createInProcessBus(),
    payments: overrides.payments ?? createPaymentGateway({ config, db, clock }),
    storage: overrides.storage ?? createDiskStorage(uploadsDir(config)),
    sessions: createSessions(db, clock),
    passwords: overrides.passwords ?? createPasswords(),
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

export type Deps = ReturnType<typeof createDeps>;
