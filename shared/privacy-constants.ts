const MINUTE_MS = 60_000;

// ours (docs/privacy.md): who sees an attendee's e-mail and phone besides the organiser, and the defaults
// a join starts from (contacts to connections only, on the venue screen, out of downloads)
export const PRIVACY = {
  CONTACT_VISIBILITY: ['connections', 'room', 'organiser'],
  DEFAULT_CONTACT_VISIBILITY: 'connections',
  SHOW_ON_DISPLAY_DEFAULT: true,
  SHARE_IN_DOWNLOAD_DEFAULT: false,
  // pins and unpins of one attendee: each that makes or ends a connection goes out live to every screen
  PIN_RATE_LIMIT: { MAX_ATTEMPTS: 300, WINDOW_MS: 10 * MINUTE_MS, LOCKOUT_MS: 5 * MINUTE_MS },
} as const;
