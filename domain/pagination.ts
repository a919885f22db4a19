/**
 * The item grid's pages (review-and-content §2 route /review/folder/{folderId}, §9): 16 items per page,
 * 1-based page query, the "more pages" rule and the page-link window (1 margin page, 3 range pages).
 */
import { ITEMS_PER_PAGE, PAGINATION_MARGIN_PAGES, PAGINATION_RANGE_PAGES } from './constants.ts';

/** §2 "a non-numeric value or value below 1 is replaced by page=1"; a fraction is rounded down. */
export function parsePageQuery(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return 1;
  const value = Number(text);
  if (!Number.isFinite(value)) return 1;
  const page = Math.floor(value);
  return page < 1 ? 1 : page;
}

/** How many pages a total holds: at least one, so an empty folder still has page 1. */
export function pageCount(totalCount: number): number {
  if (!Number.isFinite(totalCount) || totalCount <= 0) return 1;
  return Math.ceil(totalCount / ITEMS_PER_PAGE);
}

/** §2 "a value beyond the last page moves to the last page". */
export function clampPage(page: number, totalCount: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(totalCount));
}

/** The page to show for a query value and total, and whether the address must be rewritten to it. */
export function pageFromQuery(raw: unknown, totalCount: number): { page: number; rewrite: boolean } {
  const page = clampPage(parsePageQuery(raw), totalCount);
  return { page, rewrite: raw !== undefined && raw !== null && String(raw) !== String(page) };
}

/** The number of items before a page: what the server skips. */
export function pageOffset(page: number): number {
  return (Math.max(1, Math.floor(page) || 1) - 1) * ITEMS_PER_PAGE;
}

/**
 * §9 "more pages exist when total count is at least (current page + 1) * 16", with the 1-based page of the
 * route, taken literally. Page links and clamping use {@link pageCount} instead.
 */
export function hasMorePages(page: number, totalCount: number): boolean {
  return totalCount >= (page + 1) * ITEMS_PER_PAGE;
}

export type PaginationEntry = { kind: 'page'; page: number } | { kind: 'break' };

/**
 * The page links (§2 "pagination (1 margin page, 3 range pages)"): the first and last `margin` pages, `range`
 * pages around the current one (shifted at the ends so there are always `range`), a break for each gap; a
 * gap of a single page shows that page instead of a break. One page or none: no links.
 */
export function paginationWindow(
  page: number,
  totalPages: number,
  margin: number = PAGINATION_MARGIN_PAGES,
  range: number = PAGINATION_RANGE_PAGES,
): PaginationEntry[] {
  const count = Math.max(0, Math.floor(totalPages) || 0);
  if (count <= 1) return [];
  const current = Math.min(Math.max(1, Math.floor(page) || 1), count);
  const span = Math.min(Math.max(1, range), count);
  let start = current - Math.floor((span - 1) / 2);
  start = Math.max(1, Math.min(start, count - span + 1));
  const shown = new Set<number>();
  for (let p = start; p < start + span; p++) shown.add(p);
  for (let p = 1; p <= Math.min(margin, count); p++) {
    shown.add(p);
    shown.add(count - p + 1);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const out: PaginationEntry[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) out.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) out.push({ kind: 'break' });
    out.push({ kind: 'page', page: p });
    previous = p;
  }
  return out;
}
