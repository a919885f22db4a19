import { describe, expect, it } from 'vitest';
import { PRODUCT_FILTERS, productMatchesFilter } from './content.ts';
import { KNOWN_PRODUCTS, productsForFilter } from './contentRules.ts';
import { productFamily } from './folderRoles.ts';

describe('productsForFilter', () => {
  it.each([
    ['all', null],
    ['storyline', ['storyline', 'engage', 'presenter', 'quizmaker']],
    ['rise', ['rise']],
    ['studio', ['studio']],
    ['video', ['peek', 'preso', 'replay', 'video']],
  ] as const)('%s keeps %j', (filter, products) => {
    expect(productsForFilter(filter)).toEqual(products);
  });

  it('agrees with productMatchesFilter for every known product and filter', () => {
    for (const filter of PRODUCT_FILTERS) {
      for (const product of KNOWN_PRODUCTS) {
        const listed = productsForFilter(filter);
        expect(listed === null || listed.includes(product)).toBe(productMatchesFilter(product, filter));
      }
    }
  });

  it('lists only products with a family, so an unknown product passes All Formats alone', () => {
    for (const product of KNOWN_PRODUCTS) expect(productFamily(product)).not.toBeNull();
    for (const filter of PRODUCT_FILTERS.filter((f) => f !== 'all')) {
      expect(productsForFilter(filter)).not.toContain('flash');
      expect(productMatchesFilter('flash', filter)).toBe(false);
    }
  });
});
