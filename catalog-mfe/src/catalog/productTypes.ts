// Product types (`type` of a product record: "sneakers", "knitwear"): data, like collections. The
// Type filter offers the types the products hold, named after their slug.
import { PRODUCT_TYPE, type Product } from '@shop/shared';
import { typeName } from './names';

export { PRODUCT_TYPE, typeName };

/** The types of `products`, by name. */
export function productTypes(products: readonly Product[]): string[] {
  const types = products.flatMap((p) => (p.type ? [p.type] : []));
  return [...new Set(types)].sort((a, b) => typeName(a).localeCompare(typeName(b)));
}
