/**
 * issue 8 B7: the join page's first paint, made by the client build and filled in by the server. The file
 * it is written to (in the built client's folder, never served: a dot folder) and the marks where the
 * server puts each text (HTML-escaped; React escapes none of their characters).
 */
export const REGISTER_INTRO_FILE = '.prerender/register-intro.html';
export const INTRO_SLOTS = {
  appName: '__RL_APP_NAME__',
  title: '__RL_TITLE__',
  when: '__RL_WHEN__',
  where: '__RL_WHERE__',
} as const;
/** The join page's list of its scripts, entry first, which its loader (client/after-paint.ts) asks for after the first paint. */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';
/** The loader's key in the build's manifest (vite.config.ts builds it as an entry of its own). */
export const AFTER_PAINT_ENTRY = 'after-paint.ts';
