// Constants only the server uses, grouped by feature as in shared/constants.ts (which holds what the
// browser needs too). Durations in milliseconds unless the key says otherwise.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// spec §4 sign-in lockout, §9 sign-in and sign-up limits. The spec counts per form in the browser; the
// server keys its figures by account (or e-mail address) AND client IP, so a stranger cannot lock the owner
// out. The *_IP figures are ours: abuse ceilings sized for a venue, office or campus behind one IP (or a
// reverse proxy without TRUST_PROXY); they count every attempt and nobody's success resets them.
export const RATE_LIMITS = {
  // spec: per account and client IP; a success resets only this count
  SIGN_IN: { MAX_ATTEMPTS: 5, WINDOW_MS: 15 * MINUTE_MS, LOCKOUT_MS: 30 * MINUTE_MS },
  // ours: per account from every IP, against guessing spread over many addresses (10+ IPs to reach)
  SIGN_IN_ACCOUNT: { MAX_ATTEMPTS: 50, WINDOW_MS: 15 * MINUTE_MS, LOCKOUT_MS: 30 * MINUTE_MS },
  // ours: sign-in attempts per client IP, on any accounts
  SIGN_IN_IP: { MAX_ATTEMPTS: 300, WINDOW_MS: 15 * MINUTE_MS, LOCKOUT_MS: 15 * MINUTE_MS },
  // spec: per e-mail address (the browser also counts per form)
  SIGN_UP: { MAX_ATTEMPTS: 3, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: sign-ups per client IP
  SIGN_UP_IP: { MAX_ATTEMPTS: 100, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: reset e-mails per address, so nobody can flood an inbox
  PASSWORD_RESET: { MAX_ATTEMPTS: 3, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: reset e-mails per client IP, to any addresses
  PASSWORD_RESET_IP: { MAX_ATTEMPTS: 50, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: verification-link checks and password resets per client IP (bounds token guessing and its cost)
  TOKEN_IP: { MAX_ATTEMPTS: 300, WINDOW_MS: 15 * MINUTE_MS, LOCKOUT_MS: 15 * MINUTE_MS },
  // ours: sponsor-logo uploads per signed-in user (each costs decoding and disk)
  LOGO_UPLOAD: { MAX_ATTEMPTS: 30, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: membership checkouts per signed-in user, both plans together (each is a provider write)
  MEMBERSHIP_CHECKOUT: { MAX_ATTEMPTS: 20, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
} as const;

// ours: compiled SQL statements kept per database connection (the app runs a few dozen distinct texts;
// an `IN (?, ?, …)` list makes one text per length, so the least recently used go past this)
// PG_POOL_MAX: connections one process keeps to PostgreSQL (its default max_connections is 100: a few processes fit)
// PG_LIVE_POOL_MAX: connections of its own for the live path's reads (the change log, the rows a batch sends,
// the cursor, a subscription's start) and the bus's NOTIFY. In the main pool they queued first come first served behind a rush's
// join queries, seconds at 200 joins/s (bench B9); a feed reads once per batch window, so two suffice.
export const DB = { STATEMENT_CACHE: 256, PG_POOL_MAX: 10, PG_LIVE_POOL_MAX: 2 } as const;

// ours: the attendee search reads its trigram index (SQLite, migration 0011) when the index finds at most one
// registration per ATTENDEES_PER_CANDIDATE of the event's attendees; past that, looking at each of the event's
// index entries costs less than reading each candidate by rowid (bench B5: ~1.2 µs a candidate, ~0.1 µs an entry)
export const ATTENDEE_SEARCH = { ATTENDEES_PER_CANDIDATE: 20 } as const;

// ours: connections the kernel completes and holds for the server while its event loop is busy (Node's
// default is 511; Linux caps it at net.core.somaxconn, 4,096 by default). After a restart every phone and
// screen of a venue reconnects at once (bench B4: 5,000 sockets); past the queue the kernel drops their
// SYNs and each one waits 1, 3, 7… s to try again.
export const LISTEN = { BACKLOG: 4_096 } as const;

// A job run's lease: longer than any run takes; a process that dies mid-run holds it this long at most
export const JOBS = { LEASE_MS: 10 * 60_000 } as const;

// spec §4 "The session is restored on load and refreshed automatically" (lifetimes are ours)
export const SESSION = {
  COOKIE_NAME: 'roomlist_session',
  TTL_MS: 30 * DAY_MS,
  REFRESH_WHEN_LEFT_MS: 15 * DAY_MS,
} as const;

// spec §6 roles seen in user_roles
export const ROLES = ['admin', 'moderator'] as const;

// spec §8 security events, §9 security log and suspicious-activity check
export const SECURITY_LOG = {
  KEEP: 50,
  CHECK_EVERY_MS: MINUTE_MS,
  WINDOW_MS: 5 * MINUTE_MS,
  THRESHOLD: 10,
} as const;

// ours: the realtime change log (ARCHITECTURE "Realtime") keeps ids and kinds for a day; a subscriber away
// longer than that reloads its page instead of replaying
export const LIVE = {
  LOG_KEEP_MS: 24 * HOUR_MS,
  LOG_PRUNE_EVERY_MS: HOUR_MS,
  REPLAY_MAX: 1_000, // changes one reconnect may replay; further behind, the client refetches
  FEED_CACHE_SIZE: 256, // payloads a feed keeps per event, as sent, for subscribers that come back a few changes behind
  // ours: a change after BATCH_WINDOW_MS of quiet goes out at once; changes arriving faster share one frame per
  // subscriber per window (a frame costs each socket ~10-20 µs whatever it carries: at 200 joins/s to
  // 1,000 screens one frame per change would need ~2 cores). The window is at least BATCH_WINDOW_MS and
  // at least BATCH_FANOUT_SHARE⁻¹ × the typical hand-over time, the median of the last BATCH_COST_SAMPLES
  // batches' (so fan-out keeps to ~1/4 of the main thread under a rush, however many watch, and one slow
  // hand-over alone does not widen it; forgotten after BATCH_WINDOW_MAX_MS of quiet), at most
  // BATCH_WINDOW_MAX_MS (still "at once" to a person; the managed service's p95 is 132 ms)
  BATCH_WINDOW_MS: 50,
  BATCH_FANOUT_SHARE: 0.25,
  BATCH_COST_SAMPLES: 3,
  BATCH_WINDOW_MAX_MS: 250,
} as const;

// ours: static files are compressed once at build time (the templated index.html once when first served),
// never per request. Smaller files are sent as they are (headers would outweigh the saving).
export const COMPRESSION = {
  MIN_BYTES: 1_024,
  BROTLI_QUALITY: 11,
  GZIP_LEVEL: 9,
  EXTENSIONS: ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest'],
  /** Wire bytes /register/{id} may take before its form is usable (issue 8 B6), in KB of 1,024 bytes. */
  REGISTER_BUDGET_KB: 150,
} as const;

// ours: photos waiting for the JPEG check's worker thread before the next is checked on the calling thread
// (each waiting photo is a request's own buffer, already bounded by the join limits)
export const PHOTO_WORK = { STRIP_QUEUE: 64 } as const;

// ours (docs/follow-up-mail.md): the follow-up mail of the day before an erasure. The job looks every
// EVERY_MS; a failed send is tried again after RETRY_FIRST_MS, doubling up to RETRY_MAX_MS, MAX_ATTEMPTS
// times in all (10 min to the last try: about 5 hours). A claimed mail not marked sent within CLAIM_MS (its
// process died) is claimed again. LOOK_AHEAD_MS bounds the events read: a calendar day is at most 48 hours.
export const FOLLOW_UP = {
  EVERY_MS: 5 * MINUTE_MS,
  RETRY_FIRST_MS: 10 * MINUTE_MS,
  RETRY_MAX_MS: 4 * HOUR_MS,
  MAX_ATTEMPTS: 6,
  CLAIM_MS: 30 * MINUTE_MS,
  LOOK_AHEAD_MS: 3 * DAY_MS,
} as const;
