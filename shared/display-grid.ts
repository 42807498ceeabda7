import { LIVE_DISPLAY } from './constants';

/** Type sizes (px) of the venue display, from the screen: read across a room. */
export type DisplayType = {
  /** 1 on a 1920x1080 screen; smaller and larger screens scale every size with it. */
  unit: number;
  name: number;
  headline: number;
  /** Padding inside a card. */
  pad: number;
};

export type DisplayGrid = {
  columns: number;
  rows: number;
  gap: number;
  /** One card's size: the cells are as large as the grid area allows for the cards shown. */
  cardWidth: number;
  cardHeight: number;
  /** Cards on one page (columns × rows of the fullest page): what a page request asks for. */
  pageSize: number;
  type: DisplayType;
};

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The screen's scale against 1920x1080, by the tighter of its two sides. */
export const displayUnit = (viewportWidth: number, viewportHeight: number) =>
  Math.min(viewportWidth / 1920, viewportHeight / 1080);

export function displayType(viewportWidth: number, viewportHeight: number): DisplayType {
  const unit = displayUnit(viewportWidth, viewportHeight);
  const name = Math.round(Math.max(LIVE_DISPLAY.NAME_MIN_PX, LIVE_DISPLAY.NAME_PX * unit));
  const headline = Math.round(Math.max(LIVE_DISPLAY.HEADLINE_MIN_PX, LIVE_DISPLAY.HEADLINE_PX * unit));
  return { unit, name, headline, pad: Math.round(name * 0.4) };
}

/** Height of a card's text block: two lines of name and two of headline (every card alike). */
export const cardTextHeight = (t: DisplayType) => t.pad * 2 + t.name * 1.2 * 2 + 4 + t.headline * 1.3 * 2;

/**
 * spec §9 live display, made for a TV: columns capped at 12/10/8/6/4 for screens wider than
 * 2000/1600/1200/900/600 px, cards at least 160x200, 2 to 6 rows (one only where two cannot fit), gap 6-16 px. Within those, a card is
 * never narrower than its name type needs (about 7 characters of it) nor shorter than its text and a
 * photo, so type sized for the room decides how many fit. A page holds as many as fit (`pageSize`); when
 * fewer attendees are shown (`count`), the columns and rows are chosen so the cards are as large as the
 * grid area (`width` x `height`, between header and footer) allows, each card within
 * LIVE_DISPLAY.CARD_ASPECT (a wide card lays its photo beside its text).
 */
export function displayGrid(a: {
  viewportWidth: number;
  viewportHeight: number;
  width: number;
  height: number;
  count: number;
  maxPageSize: number;
}): DisplayGrid {
  const type = displayType(a.viewportWidth, a.viewportHeight);
  const gap = Math.round(clamp(a.viewportWidth / 120, LIVE_DISPLAY.GAP_MIN_PX, LIVE_DISPLAY.GAP_MAX_PX));
  const minWidth = Math.max(LIVE_DISPLAY.CARD_MIN_WIDTH_PX, type.name * LIVE_DISPLAY.CARD_MIN_NAME_CHARS);
  const minHeight = Math.max(
    LIVE_DISPLAY.CARD_MIN_HEIGHT_PX,
    cardTextHeight(type) + type.name * LIVE_DISPLAY.PHOTO_MIN_NAME_LINES,
  );
  const fit = Math.max(1, Math.floor((a.width + gap) / (minWidth + gap)));
  const cap = LIVE_DISPLAY.COLUMNS.find((c) => a.viewportWidth > c.minWidth)?.columns ?? fit;
  const maxColumns = Math.max(1, Math.min(cap, fit, a.maxPageSize));
  const fitRows = Math.max(1, Math.floor((a.height + gap) / (minHeight + gap)));
  // spec §9: at least two rows where two fit: a card then gives up some of its photo (never its text
  // nor the spec's minimum height) rather than a page holding a single row
  const squeezed = Math.max(LIVE_DISPLAY.CARD_MIN_HEIGHT_PX, Math.ceil(cardTextHeight(type) + type.name));
  const twoSqueezed = fitRows < 2 && 2 * squeezed + gap <= a.height;
  const floorHeight = twoSqueezed ? squeezed : minHeight;
  const maxRows = Math.max(
    1,
    Math.min(twoSqueezed ? 2 : fitRows, LIVE_DISPLAY.ROWS_MAX, Math.floor(a.maxPageSize / maxColumns)),
  );
  const pageSize = maxColumns * maxRows;

  const shown = clamp(a.count, 1, pageSize);
  let best = { columns: maxColumns, rows: maxRows, cardWidth: 0, cardHeight: 0, area: -1 };
  for (let columns = 1; columns <= maxColumns; columns++) {
    const rows = Math.ceil(shown / columns);
    if (rows > maxRows) continue;
    const cellWidth = (a.width - gap * (columns - 1)) / columns;
    const cellHeight = (a.height - gap * (rows - 1)) / rows;
    const cardWidth = Math.floor(Math.min(cellWidth, cellHeight * LIVE_DISPLAY.CARD_ASPECT.MAX));
    const cardHeight = Math.floor(Math.min(cellHeight, cellWidth / LIVE_DISPLAY.CARD_ASPECT.MIN));
    const area = cardWidth * cardHeight;
    if (area > best.area + 1) best = { columns, rows, cardWidth, cardHeight, area };
  }
  return {
    columns: best.columns,
    rows: best.rows,
    gap,
    cardWidth: Math.max(minWidth, best.cardWidth),
    cardHeight: Math.max(floorHeight, best.cardHeight),
    pageSize,
    type,
  };
}

/** The page after `page` (1-based), back to the first after the last. */
export const nextPage = (page: number, totalPages: number) => (page >= totalPages ? 1 : page + 1);
