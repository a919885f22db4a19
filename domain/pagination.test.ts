import { describe, expect, it } from 'vitest';
import { ITEMS_PER_PAGE } from './constants.ts';
import { clampPage, hasMorePages, pageCount, pageFromQuery, pageOffset, paginationWindow, parsePageQuery, type PaginationEntry } from './pagination.ts';

describe('page query (§2 "a non-numeric value or value below 1 is replaced by page=1")', () => {
  it.each([
    ['3', 3],
    [' 2 ', 2],
    ['abc', 1],
    ['2abc', 1],
    ['', 1],
    [undefined, 1],
    [null, 1],
    ['0', 1],
    ['-4', 1],
    ['Infinity', 1],
    ['2.7', 2],
    [5, 5],
  ] as const)('%j → %i', (raw, page) => {
    expect(parsePageQuery(raw)).toBe(page);
  });
});

describe('"a value beyond the last page moves to the last page" (§2), 16 per page (§9)', () => {
  it('16 items per page', () => {
    expect(ITEMS_PER_PAGE).toBe(16);
  });
  it.each([
    [0, 1],
    [1, 1],
    [16, 1],
    [17, 2],
    [32, 2],
    [33, 3],
  ])('%i items → %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
  it.each([
    [5, 33, 3],
    [3, 33, 3],
    [2, 33, 2],
    [9, 0, 1],
  ])('page %i of %i items → %i', (page, total, expected) => {
    expect(clampPage(page, total)).toBe(expected);
  });
  it.each([
    ['7', 40, { page: 3, rewrite: true }],
    ['x', 40, { page: 1, rewrite: true }],
    ['0', 40, { page: 1, rewrite: true }],
    ['2', 40, { page: 2, rewrite: false }],
    [undefined, 40, { page: 1, rewrite: false }],
  ] as const)('query %j with %i items → %j', (raw, total, expected) => {
    expect(pageFromQuery(raw, total)).toEqual(expected);
  });
  it.each([
    [1, 0],
    [2, 16],
    [3, 32],
  ])('page %i starts after %i items', (page, offset) => {
    expect(pageOffset(page)).toBe(offset);
  });
});

describe('"more pages exist when total count is at least (current page + 1) * 16" (§9)', () => {
  it.each([
    [1, 31, false],
    [1, 32, true],
    [2, 47, false],
    [2, 48, true],
    [3, 100, true],
  ])('page %i, %i items → %s', (page, total, more) => {
    expect(hasMorePages(page, total)).toBe(more);
  });
});

describe('page links (§2 "pagination (1 margin page, 3 range pages)")', () => {
  const show = (entries: PaginationEntry[]) => entries.map((e) => (e.kind === 'page' ? String(e.page) : '…')).join(' ');
  it.each([
    [1, 1, ''],
    [1, 3, '1 2 3'],
    [1, 5, '1 2 3 4 5'], // a one-page gap shows the page, not a break
    [1, 6, '1 2 3 … 6'],
    [1, 10, '1 2 3 … 10'],
    [4, 10, '1 2 3 4 5 … 10'],
    [3, 10, '1 2 3 4 … 10'],
    [5, 10, '1 … 4 5 6 … 10'],
    [8, 10, '1 … 7 8 9 10'],
    [10, 10, '1 … 8 9 10'],
    [5, 6, '1 … 4 5 6'],
    [99, 10, '1 … 8 9 10'],
  ])('page %i of %i → %s', (page, total, expected) => {
    expect(show(paginationWindow(page, total))).toBe(expected);
  });
});
