/**
 * Content rules the review service needs in a form SQL can use (review-and-content §1, §5): the product
 * values a grid filter keeps, derived from {@link productMatchesFilter} so the server's query and the
 * client's own filtering can never disagree.
 */
import { PRODUCT_FILTERS, productMatchesFilter, type ProductFilter } from './content.ts';

/** Every product value the spec names (§3 Item "product"); anything else belongs to no family. */
export const KNOWN_PRODUCTS: readonly string[] = ['storyline', 'engage', 'presenter', 'quizmaker', 'rise', 'studio', 'peek', 'preso', 'replay', 'video'];

const PRODUCTS_BY_FILTER: Readonly<Record<ProductFilter, readonly string[] | null>> = Object.fromEntries(
  PRODUCT_FILTERS.map((filter) => [filter, filter === 'all' ? null : KNOWN_PRODUCTS.filter((product) => productMatchesFilter(product, filter))]),
) as Record<ProductFilter, readonly string[] | null>;

/**
 * The product values an item may have to pass the filter (`product IN (...)`), or null for All Formats,
 * which keeps every item whatever its product.
 */
export function productsForFilter(filter: ProductFilter): readonly string[] | null {
  return PRODUCTS_BY_FILTER[filter];
}
