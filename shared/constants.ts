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
} as const;

// spec §1 revenue, §9 organiser share (platform share = 100 minus organiser share)
export const REVENUE = {
  ORGANIZER_SHARE_PERCENT: 50,
  PLATFORM_SHARE_PERCENT: 50,
  PAYOUT_STATUSES: ['pending'],
} as const;

// spec §9 page sizes and pagination, §2 attendee list inside the event detail
export const PAGE_SIZES = {
  EVENTS: 10,
  ORGANIZER_REGISTRATIONS: 50,
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

// spec §3 download_formats, §4 "PDF format ... Coming Soon"
export const DOWNLOADS = {
  FORMATS: ['csv', 'pdf'],
  AVAILABLE_FORMATS: ['csv'],
  // ours: a sanity cap, the spec gives none (£1,000.00)
  MAX_PRICE_PENCE: 100_000,
} as const;

// spec §3 defaults, §9 default attendee sort
export const DEFAULTS = {
  SPONSOR_TEXT: 'This event is sponsored by: ',
  DOWNLOAD_FORMATS: ['csv'],
  ATTENDEE_SORT: 'newest',
} as const;

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
} as const;

// spec §4 sign-in lockout, §9 sign-in and sign-up limits
export const RATE_LIMITS = {
  SIGN_IN: { MAX_ATTEMPTS: 5, WINDOW_MS: 15 * MINUTE_MS, LOCKOUT_MS: 30 * MINUTE_MS },
  SIGN_UP: { MAX_ATTEMPTS: 3, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: reset e-mails per address and per IP, so nobody can flood an inbox
  PASSWORD_RESET: { MAX_ATTEMPTS: 3, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
  // ours: sponsor-logo uploads per signed-in user (each costs decoding and disk)
  LOGO_UPLOAD: { MAX_ATTEMPTS: 30, WINDOW_MS: 60 * MINUTE_MS, LOCKOUT_MS: 60 * MINUTE_MS },
} as const;

// spec §2 /auth verification link types. The TTLs are ours: the spec does not give them.
export const TOKENS = {
  TYPES: ['signup', 'recovery', 'email_change', 'magiclink'],
  SIGNUP_TTL_MS: 24 * HOUR_MS,
  RECOVERY_TTL_MS: HOUR_MS,
  EMAIL_CHANGE_TTL_MS: 24 * HOUR_MS,
  MAGICLINK_TTL_MS: HOUR_MS,
} as const;

// spec §4 "The session is restored on load and refreshed automatically" (lifetimes are ours)
export const SESSION = {
  COOKIE_NAME: 'roomlist_session',
  TTL_MS: 30 * DAY_MS,
  REFRESH_WHEN_LEFT_MS: 15 * DAY_MS,
} as const;

// spec §6 roles seen in user_roles
export const ROLES = ['admin', 'moderator'] as const;

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

// spec §4 live display, §9 live display
export const LIVE_DISPLAY = {
  ROTATE_MS: 6000,
  FADE_MS: 800,
  CARD_MIN_WIDTH_PX: 160,
  CARD_MIN_HEIGHT_PX: 200,
  // Widest first: the first row whose minWidth the screen exceeds gives the column cap.
  COLUMNS: [
    { minWidth: 2000, columns: 12 },
    { minWidth: 1600, columns: 10 },
    { minWidth: 1200, columns: 8 },
    { minWidth: 900, columns: 6 },
    { minWidth: 600, columns: 4 },
  ],
  ROWS_MIN: 2,
  ROWS_MAX: 6,
  GAP_MIN_PX: 6,
  GAP_MAX_PX: 16,
} as const;

// spec §9 QR sizes
export const QR_SIZES = {
  ATTENDEE_LIST: 180,
  DISPLAY: 120,
  EVENT_DETAIL: 200,
  CANVAS_DEFAULT: 256,
  MARGIN: 2,
} as const;

// spec §7 LinkedIn, §9 LinkedIn state expiry and popup
export const LINKEDIN = {
  STATE_TTL_MS: 10 * MINUTE_MS,
  POPUP_WIDTH: 600,
  POPUP_HEIGHT: 700,
  SCOPES: ['openid', 'profile', 'email'],
} as const;

// spec §8 security events, §9 security log and suspicious-activity check
export const SECURITY_LOG = {
  KEEP: 50,
  CHECK_EVERY_MS: MINUTE_MS,
  WINDOW_MS: 5 * MINUTE_MS,
  THRESHOLD: 10,
} as const;

// spec §2 admin dashboard skeleton
export const ADMIN = { SKELETON_CARDS: 8 } as const;
