/** Debian's Chromium (or CHROMIUM_PATH), driven by playwright-core in the browser tests. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
