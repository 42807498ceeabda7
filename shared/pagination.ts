import { PAGE_SIZES } from './constants';

export type PageWindow = {
  /** The requested page, clamped to 1..totalPages (1 when there is nothing). */
  page: number;
  totalPages: number;
  /** 1-based positions for "Showing X to Y of Z events"; 0 and 0 when total is 0. */
  from: number;
  to: number;
  total: number;
  /** At most PAGE_SIZES.MAX_PAGE_LINKS page numbers, around the current page. */
  pages: number[];
  hasPrevious: boolean;
  hasNext: boolean;
};

/** spec §2 /events pagination: Previous/Next, up to 5 page numbers, "Showing X to Y of Z events". */
export function pageWindow(
  page: number,
  limit: number,
  total: number,
  maxLinks: number = PAGE_SIZES.MAX_PAGE_LINKS,
): PageWindow {
  const totalPages = limit > 0 ? Math.ceil(total / limit) : 0;
  const current = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, totalPages));
  const from = total === 0 ? 0 : (current - 1) * limit + 1;
  const to = Math.min(current * limit, total);
  const first = Math.max(1, Math.min(current - Math.floor(maxLinks / 2), totalPages - maxLinks + 1));
  const last = Math.min(totalPages, first + maxLinks - 1);
  const pages = totalPages === 0 ? [] : Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return { page: current, totalPages, from, to, total, pages, hasPrevious: current > 1, hasNext: current < totalPages };
}
