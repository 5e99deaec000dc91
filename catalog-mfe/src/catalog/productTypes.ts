// Product types (`type` of a product record: "sneakers", "knitwear"): data, like collections. The
// Type filter offers the types the products hold, named after their slug.
import { PRODUCT_TYPE, type Product } from '@shop/shared';

export { PRODUCT_TYPE };

/** "t-shirts" → "T shirts", "sneakers" → "Sneakers": a type's name in filters and search. */
export function typeName(type: string): string {
  return `${type.charAt(0).toUpperCase()}${type.slice(1).replace(/-/g, ' ')}`;
}

/** The types of `products`, by name. */
export function productTypes(products: readonly Product[]): string[] {
  const types = products.flatMap((p) => (p.type ? [p.type] : []));
  return [...new Set(types)].sort((a, b) => typeName(a).localeCompare(typeName(b)));
}
