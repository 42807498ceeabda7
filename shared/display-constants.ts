// The venue display's constants (spec §4 and §9 live display), the short join address it shows and the
// QR sizes (spec §9). Re-exported by ./constants.ts, where every business constant is found.

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
  ROWS_MAX: 6,
  // ours, for a TV read from across a room (about 5 m): sizes at 1920x1080, scaled with the screen
  // (displayUnit in shared/display-grid.ts), never below the minimums on small screens
  NAME_PX: 36,
  NAME_MIN_PX: 16,
  HEADLINE_PX: 24,
  HEADLINE_MIN_PX: 13,
  // a card is at least this many characters of its name type wide
  CARD_MIN_NAME_CHARS: 7,
  // and its photo at least this many name lines tall
  PHOTO_MIN_NAME_LINES: 2.4,
  // width / height of a card: a narrower cell leaves space beside the card, a wider card puts its photo
  // beside its text
  CARD_ASPECT: { MIN: 0.6, MAX: 2.4 },
  WIDE_CARD_ASPECT: 1.25,
  // the QR code's share of the screen height (scannable from about 3 m at 1080p: ~260 px)
  QR_HEIGHT_SHARE: 0.24,
  GAP_MIN_PX: 6,
  GAP_MAX_PX: 16,
  // ours: the share of a TV's width and height kept clear at each edge (broadcast "action safe", 3.5%),
  // as a TV that overscans crops about that much; phones and tablets (under SAFE_FROM_WIDTH) keep a
  // fixed 16 px at each edge
  SAFE_AREA_SHARE: 0.035,
  SAFE_FROM_WIDTH: 576,
} as const;

// ours: the short join address a venue screen shows beside its QR code (/j/{code}, read from across a
// room: no 0/O or 1/I/L, matched case-insensitively)
export const JOIN_CODES = {
  PATH: '/j/',
  LENGTH: 7,
  ALPHABET: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
} as const;

// spec §9 QR sizes; the venue display's QR is sized by the screen instead (LIVE_DISPLAY.QR_HEIGHT_SHARE)
export const QR_SIZES = {
  ATTENDEE_LIST: 180,
  DISPLAY: 120,
  EVENT_DETAIL: 200,
  CANVAS_DEFAULT: 256,
  MARGIN: 2,
} as const;
