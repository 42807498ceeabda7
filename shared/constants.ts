// Business constants of the product. Every figure here is quoted from the spec; the section it
// mirrors is named above each group. Money is in integer pence, durations in milliseconds unless
// the key says otherwise.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// spec §1 (product name used in page titles, §2)
export const APP = { NAME: 'Roomlist' } as const;

// spec §1 plans, §9 currency and prices
export const PRICES = {
  PAY_AS_YOU_GO_PENCE: 1000,
  ANNUAL_PENCE: 50000,
  CURRENCY: 'GBP',
  LOCALE: 'en-GB',
} as const;

// spec §1, §3 user_memberships and Membership, §9 membership types in the store
export const MEMBERSHIP = {
  ANNUAL_MONTHS: 12,
  STORE_TYPES: ['one_time', 'annual'],
  TYPES: ['none', 'pay-as-you-go', 'annual', 'enterprise'],
  SESSION_ID_MAX: 255, // ours: a provider session id is far shorter (Stripe's are ~66 characters)
  CONTACT_EMAIL: 'hello@roomlist.app', // ours: the Enterprise enquiry and Contact Support (as the promo links)
} as const;

// ours: the payment provider (issue 9). Stripe is asked with a short timeout and one retry, so "Stripe
// unreachable" shows the failure text within seconds instead of stripe-node's 80 s default. The webhook
// body is capped (Stripe's events are a few KB). A test checkout id: 32 letters of a 32-letter alphabet.
export const PAYMENTS = {
  STRIPE_TIMEOUT_MS: 10_000,
  STRIPE_MAX_NETWORK_RETRIES: 1,
  WEBHOOK_PATH: '/webhooks/stripe',
  WEBHOOK_MAX_BYTES: 1024 * 1024,
  TEST_CHECKOUT_PATH: '/test-checkout',
  TEST_CHECKOUT_ID_PREFIX: 'cs_roomlist_test_',
  TEST_CHECKOUT_ID_LENGTH: 32,
  PURPOSES: ['membership-one-time', 'membership-annual', 'download'],
  // ours: built-in test checkouts are deleted this long after they were opened (as a Stripe session expires)
  TEST_CHECKOUT_KEEP_MS: DAY_MS,
  TEST_CHECKOUT_PRUNE_EVERY_MS: HOUR_MS, // ours
} as const;

// spec §1 revenue, §9 organiser share (platform share = 100 minus organiser share)
const ORGANISER_SHARE_PERCENT = 50;
export const REVENUE = {
  ORGANISER_SHARE_PERCENT,
  // Derived so the admin page's figure can never disagree with the split.
  PLATFORM_SHARE_PERCENT: 100 - ORGANISER_SHARE_PERCENT,
  PAYOUT_STATUSES: ['pending'],
} as const;

// spec §9 page sizes and pagination, §2 attendee list inside the event detail
export const PAGE_SIZES = {
  EVENTS: 10,
  ORGANISER_REGISTRATIONS: 50,
  ATTENDEE_LIST: 10,
  MAX_PAGE_LINKS: 5,
  MAX_LIMIT: 50, // ours: the most rows one page request may ask for
} as const;

// spec §5 validation and §9 limits
export const LIMITS = {
  TEXT_INPUT_MAX: 50,
  NAME_PATTERN_MAX: 100,
  HEADLINE_MAX: 300,
  PASSWORD_MIN: 8,
  PERSON_NAME_MAX: 50,
  PHONE_MIN_LENGTH: 10,
  MINUTES_STEP: 15,
  CLEANING_SOON_DAYS: 7,
  DATA_CLEANUP_WEEKDAYS: 2,
  POST_EDIT_REDIRECT_MS: 1500,
  TOKEN_MAX: 200,
  URL_MAX: 2000,
  // ours: the UI caps inputs at 50; the server takes the pattern's 100 for sponsor text, 50 for UTM values
  SPONSOR_TEXT_MAX: 100,
  UTM_MAX: 50,
} as const;

// spec §7 sort values, §9 default attendee sort
export const SORTS = {
  REGISTRATIONS: ['newest', 'oldest', 'name-asc', 'name-desc'],
  EVENTS: ['date-asc', 'date-desc', 'name-asc', 'name-desc', 'newest', 'oldest'],
} as const;

// spec §3 download_formats; §4 has PDF "Coming Soon", issue 9 makes it work (a printable attendee sheet)
export const DOWNLOADS = {
  FORMATS: ['csv', 'pdf'],
  AVAILABLE_FORMATS: ['csv', 'pdf'],
  // ours: a sanity cap, the spec gives none (£1,000.00)
  MAX_PRICE_PENCE: 100_000,
  MIN_PAID_PRICE_PENCE: 30, // ours: Stripe's minimum charge in GBP
  FILE_TTL_MS: 10 * MINUTE_MS, // ours: how long a prepared file's /api/downloads link works
  MAX_PREPARED_FILES: 50, // ours: prepared files kept at once (in the database); the oldest goes first
  PREPARED_MAX_BYTES: 200 * 1024 * 1024, // ours: bytes of prepared files held at once (a 5,000-row PDF is ~20 MB)
  // ours: checkouts per registration (each is a provider write, or a test_checkouts row)
  CHECKOUT_RATE_LIMIT: { MAX_ATTEMPTS: 20, WINDOW_MS: 10 * MINUTE_MS, LOCKOUT_MS: 10 * MINUTE_MS },
  // ours: files built per registration (a PDF decodes every photo); a person downloads a few times
  PREPARE_RATE_LIMIT: { MAX_ATTEMPTS: 20, WINDOW_MS: 10 * MINUTE_MS, LOCKOUT_MS: 10 * MINUTE_MS },
  PDF_BUILDS_AT_ONCE: 1, // ours: PDFs built at once (photo decoding shares the CPU with joins)
  PDF_BUILDS_WAITING: 10, // ours: builds queued behind it; past that a request is refused at once
  PDF_THUMB_PX: 96, // ours: photo thumbnail edge in the PDF (pixels, drawn at 48 pt)
  PDF_THUMB_QUALITY: 70, // ours: JPEG quality of a PDF thumbnail
} as const;

// spec §3 defaults, §9 default attendee sort
export const DEFAULTS = {
  SPONSOR_TEXT: 'This event is sponsored by: ',
  DOWNLOAD_FORMATS: ['csv'],
  ATTENDEE_SORT: 'newest',
} as const;

export { PRIVACY } from './privacy-constants';

// spec §5 attendee photo and sponsor logo, §9 image limits
export const IMAGES = {
  PHOTO_MAX_BYTES: 5 * 1024 * 1024,
  PHOTO_TYPES: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'],
  LOGO_RECOMPRESS_ABOVE_BYTES: 500 * 1024,
  LOGO_MAX_BYTES: 2 * 1024 * 1024,
  LOGO_MAX_WIDTH: 400,
  LOGO_MAX_HEIGHT: 200,
  LOGO_QUALITY: 0.8,
  LOGO_TYPES: ['image/png', 'image/jpeg', 'image/svg+xml'],
  LOGO_RECOMMENDED_RATIO: 3,
  HELPER_DEFAULT_SIZE: 800,
  HELPER_DEFAULT_QUALITY: 0.7,
  // ours: the upload body limit and a decompression-bomb guard (pixels decoded at most)
  LOGO_UPLOAD_MAX_BYTES: 10 * 1024 * 1024,
  MAX_INPUT_PIXELS: 50_000_000,
  // ours: every logo is decoded in a child process killed after the timeout (image work must not hold
  // the threadpool that password hashing shares), and an SVG is checked before it is rendered
  SVG_MAX_BYTES: 512 * 1024,
  SVG_MAX_ELEMENTS: 5_000,
  SVG_MAX_RENDERED_ELEMENTS: 20_000, // elements drawn once every <use> (or other #reference) is expanded
  // CPU time a render may use (its child process is killed past it; wall time is only a backstop)
  SVG_RENDER_CPU_MS: 3_000,
  RASTER_RENDER_CPU_MS: 10_000, // a 10 MB, 50-megapixel PNG or JPEG decodes in about a second
  RENDER_CONCURRENCY: 2, // child processes at once; more uploads wait their turn
} as const;

// ours: anonymous page views (spec §2 guards) are capped in size and rate, and kept 90 days
// (the admin dashboard charts the last 30). Over-long values are cut, excess views dropped silently.
export const PAGE_VIEWS = {
  PATH_MAX: 512,
  REFERRER_MAX: 1024,
  USER_AGENT_MAX: 500,
  WINDOW_MS: MINUTE_MS,
  PER_IP_PER_WINDOW: 600, // a venue of hundreds browsing behind one IP
  PER_USER_PER_WINDOW: 120, // one signed-in person: two route changes a second, sustained
  ALL_PER_WINDOW: 3_000, // everyone together: bounds the table's growth however many IPs send
  MAX_TRACKED_CLIENTS: 10_000, // in-memory counters per window; beyond this, new clients are dropped
  KEEP_MS: 90 * DAY_MS,
  PRUNE_EVERY_MS: HOUR_MS,
  PRUNE_BATCH: 5_000,
} as const;

// spec §2 attendee screens, §3 registration_token, §5 attendee registration. Figures marked ours are not in the spec.
export const ATTENDEES = {
  ORGANISER_PAGE_SIZE: 10, // spec §2: the list inside the event detail pages by 10 (§9's 50 is the store's default)
  SEARCH_MAX: 100, // ours
  PHONE_MAX: 30, // ours: the spec gives only the minimum (LIMITS.PHONE_MIN_LENGTH)
  // ours: the browser makes the token (crypto.randomUUID(), 36 characters); fewer than 32 is too guessable
  TOKEN_MIN: 32,
  TOKEN_MAX: 100,
  TOKENS_PER_LOOKUP: 20, // ours: tokens one browser may send to find its own entry in an event
  // ours: pins one browser keeps per event (spec §2 "shown first"). All travel in each list request's URL
  // (~46 bytes a pin): 100 keeps it near 5 KB, under the 8 KB request line a default nginx accepts
  MAX_PINS: 100,
  SEARCH_DEBOUNCE_MS: 300, // ours: a search per pause in typing, not per key
  PUBLIC_EVENT_STALE_MS: 30_000, // ours: how long the public pages reuse the event they loaded
  MINE_STALE_MS: 60_000, // ours: how long "(You)" is trusted before the browser asks again
  // ours: a whole venue joins through one IP in minutes (hundreds of phones on the venue Wi-Fi), so the
  // per-IP ceiling is generous and counts only real joins (a retry is answered from the first one, a
  // missing event costs nothing); past it, joins from that IP wait a minute, not the whole window
  JOIN_RATE_LIMIT: { MAX_ATTEMPTS: 600, WINDOW_MS: 10 * MINUTE_MS, LOCKOUT_MS: MINUTE_MS },
  // ours: addresses whose join counts are held in memory at once (~100 bytes each); idle ones go first
  JOIN_LIMIT_MAX_KEYS: 100_000,
  // ours: edits of one entry (each may carry a photo to decode); a person edits a few times at most
  EDIT_RATE_LIMIT: { MAX_ATTEMPTS: 20, WINDOW_MS: 10 * MINUTE_MS, LOCKOUT_MS: 10 * MINUTE_MS },
} as const;

// spec §5 attendee photo, §9 image helper (800x800 at 0.7). The browser resizes before sending; the
// server decodes by content, re-encodes and strips metadata whatever it was sent.
export const PHOTOS = {
  TYPES: ['jpeg', 'png', 'gif', 'webp'], // by content (sharp's format names), not by file name
  SIZE: 800,
  QUALITY: 75, // ours: the spec's 0.7 is the browser's; 75 keeps a re-encode of a 0.7 JPEG from degrading further
  // ours: base64 of the resized photo travels in the tRPC body (1 MiB): ~750 KB of image, room for the rest
  BASE64_MAX: 1_000_000,
  DECODE_TIMEOUT_S: 5, // ours: a photo that takes longer to decode is refused
  CONCURRENCY: 2, // ours: photos decoded at once (the CPU and threadpool are shared with sign-ins)
  // ours: photos waiting for a decoding slot; each holds its request (~2-3 MB), so the queue is bounded and
  // a join past it is refused at once (the phone taps again) instead of piling up memory
  MAX_WAITING: 100,
} as const;

// ours: the most calls one HTTP batch or one WebSocket message may carry (tRPC maxBatchSize; the client's
// httpBatchLink maxItems stays at or below it), so one request cannot cost hundreds of password hashes.
// The browser's wsClient sends every active subscription in one message when it reconnects: keep this
// above the most subscriptions one page holds.
export const TRPC_LIMITS = { MAX_BATCH: 10 } as const;

// spec §2 /auth verification link types. The TTLs are ours: the spec does not give them.
export const TOKENS = {
  TYPES: ['signup', 'recovery', 'email_change', 'magiclink'],
  SIGNUP_TTL_MS: 24 * HOUR_MS,
  RECOVERY_TTL_MS: HOUR_MS,
  EMAIL_CHANGE_TTL_MS: 24 * HOUR_MS,
  MAGICLINK_TTL_MS: HOUR_MS,
} as const;

// ours: WebSocket close codes (4000-4999 are the application's; 1008 is the standard "policy violation")
export const WS_CLOSE = {
  SESSION_ENDED: 4001, // sign-out, password reset or expiry: the browser reconnects with its current cookie
  TOO_MANY_CALLS: 1008, // one message carried more than TRPC_LIMITS.MAX_BATCH calls, or too many subscriptions
  // the client read too slowly (its unsent data passed the server's bound) or stopped answering pings:
  // like any other close, the browser reconnects and resumes from its last id
  TRY_AGAIN: 1013,
} as const;

// spec §2 navigation shell, §9 sidebar
export const SIDEBAR = {
  WIDTH_REM: 16,
  MOBILE_WIDTH_REM: 18,
  COLLAPSED_WIDTH_REM: 3,
  COOKIE_NAME: 'sidebar_state',
  COOKIE_MAX_AGE_S: 7 * 24 * 3600,
  SHORTCUT_KEY: 'b',
} as const;

// spec §2 navigation shell, §9 mobile breakpoint
export const BREAKPOINTS = { MOBILE_PX: 768 } as const;

// spec §4 and §9 live display, the venue screen's short join address and the QR sizes: ./display-constants.ts
export { JOIN_CODES, LIVE_DISPLAY, QR_SIZES } from './display-constants';

// spec §7 LinkedIn, §9 LinkedIn state expiry and popup
export const LINKEDIN = {
  STATE_TTL_MS: 10 * MINUTE_MS,
  POPUP_WIDTH: 600,
  POPUP_HEIGHT: 700,
  SCOPES: ['openid', 'profile', 'email'],
  // The popup comes back to one of these pages (spec §2); the server exchanges codes for no other.
  CALLBACK_PATHS: ['/linkedin-callback', '/auth-callback'],
  HTTP_TIMEOUT_MS: 10_000, // ours: each call to LinkedIn (token, userinfo, picture)
  PICTURE_MAX_BYTES: IMAGES.PHOTO_MAX_BYTES, // the same cap as an uploaded photo (spec §5)
  CODE_MAX: 2_000, // ours: LinkedIn's codes are a few hundred characters
  // ours: a venue imports through one IP (each person once or twice); this only stops a loop
  EXCHANGE_RATE_LIMIT: { MAX_ATTEMPTS: 300, WINDOW_MS: 10 * MINUTE_MS, LOCKOUT_MS: 10 * MINUTE_MS },
} as const;

// spec §2 admin dashboard skeleton; the page-view charts' figures are ours (the spec names no chart)
export const ADMIN = {
  SKELETON_CARDS: 8,
  PAGE_VIEW_DAYS: 30, // ours: views per UTC day, today and the 29 days before (issue 9)
  TOP_PAGES: 10, // ours: the most viewed paths over the same days
} as const;

// spec §9 two-weekday erasure (LIMITS.DATA_CLEANUP_WEEKDAYS); the job interval and the backup retention are ours
export const GDPR = {
  ERASE_EVERY_MS: 5 * MINUTE_MS,
  BACKUP_KEEP_MS: 7 * DAY_MS,
  // ours: a photo file no row points at (a crash between writing it and the commit, or a failed delete)
  // is removed once it is this old; a join in progress is far younger
  ORPHAN_PHOTO_AGE_MS: HOUR_MS,
} as const;

// ours: how the browser follows live changes. A burst of joins refreshes a list at most once per
// REFRESH_MS; a page that failed to load (the server restarting under a venue screen) tries again every
// RETRY_MS; the socket pings every KEEPALIVE_MS and, with no answer within PONG_TIMEOUT_MS, reconnects
// (a dropped network closes nothing by itself): at once, then after RETRY_FIRST_MS, doubling up to
// RETRY_MAX_MS between attempts (shared/live-retry.ts).
export const LIVE_CLIENT = {
  REFRESH_MS: 1_000,
  RETRY_MS: 10_000,
  KEEPALIVE_MS: 20_000,
  PONG_TIMEOUT_MS: 5_000,
  RETRY_FIRST_MS: 1_000,
  RETRY_MAX_MS: 10_000,
} as const;

/** What the server adds to index.html for the page a URL opens (issue 8 B7: server/http/index-html.ts). */
export const PAGE_HINTS = {
  /** The `<script type="application/json">` holding the page's first answers, read by client/lib/route-data.ts. */
  DATA_ELEMENT_ID: 'route-data',
  // ours: a page carrying its own data is compressed per request: brotli 5 takes ~2 ms on its ~52 KB (inlined
  // stylesheet included), 11 several times that.
  BROTLI_QUALITY: 5,
  GZIP_LEVEL: 6,
} as const;
// The door's offline mode: ./door-constants.ts
export { DOOR } from './door-constants';
