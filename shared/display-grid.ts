import { LIVE_DISPLAY } from './constants';

export type DisplayGrid = {
  columns: number;
  rows: number;
  gap: number;
  /** Height of one card so that `rows` rows fill the grid area (never under the spec's minimum). */
  cardHeight: number;
  /** Cards on one page: columns × rows. */
  pageSize: number;
};

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * spec §9 live display: columns capped at 12/10/8/6/4 for screens wider than 2000/1600/1200/900/600 px,
 * cards at least 160x200, rows 2-6, gap 6-16 px. `viewportWidth` picks the cap, the grid area (`width` x
 * `height`, what is left between header and footer) decides how many cards fit, so one page fills the
 * screen. `maxPageSize` is the most cards one page request may ask for: rows shrink (cards grow) to stay
 * under it.
 */
export function displayGrid(a: {
  viewportWidth: number;
  width: number;
  height: number;
  maxPageSize: number;
}): DisplayGrid {
  const gap = Math.round(clamp(a.viewportWidth / 120, LIVE_DISPLAY.GAP_MIN_PX, LIVE_DISPLAY.GAP_MAX_PX));
  const fit = Math.max(1, Math.floor((a.width + gap) / (LIVE_DISPLAY.CARD_MIN_WIDTH_PX + gap)));
  const cap = LIVE_DISPLAY.COLUMNS.find((c) => a.viewportWidth > c.minWidth)?.columns ?? fit;
  const columns = Math.min(cap, fit);
  const fitRows = Math.floor((a.height + gap) / (LIVE_DISPLAY.CARD_MIN_HEIGHT_PX + gap));
  const byRequest = Math.max(1, Math.floor(a.maxPageSize / columns));
  const rows = Math.min(clamp(fitRows, LIVE_DISPLAY.ROWS_MIN, LIVE_DISPLAY.ROWS_MAX), byRequest);
  const cardHeight = Math.max(LIVE_DISPLAY.CARD_MIN_HEIGHT_PX, Math.floor((a.height - gap * (rows - 1)) / rows));
  return { columns, rows, gap, cardHeight, pageSize: columns * rows };
}

/** The page after `page` (1-based), back to the first after the last. */
export const nextPage = (page: number, totalPages: number) => (page >= totalPages ? 1 : page + 1);
