// A product card's fields (the shared `ProductCard`): what the query service answers for listings,
// the home page and related products, so a page carries only what its cards draw.
import type { Product, ProductCard } from '@shop/shared';

/** The card's fields, in the order the service writes them. */
export const CARD_FIELDS = [
  'id',
  'name',
  'imageUrl',
  'alt',
  'annotation',
  'originalPrice',
  'discountedPrice',
  'colours',
  'colourLabels',
  'category',
] as const satisfies readonly (keyof ProductCard)[];

/** The card of `product`. */
export function toProductCard(product: Product): ProductCard {
  const { id, name, imageUrl, alt, annotation, originalPrice, discountedPrice, colours, category } =
    product;
  const card = { id, name, imageUrl, alt, annotation, originalPrice, discountedPrice, colours };
  // The colours' names in the market's language, when the product has them (decision 5101); a US
  // card is as before.
  return product.colourLabels
    ? { ...card, colourLabels: product.colourLabels, category }
    : { ...card, category };
}

/** The rest of `product`: with its card, the whole record again (`{ ...card, ...rest }`). */
export function beyondProductCard(product: Product): Partial<Product> {
  const rest: Partial<Product> = { ...product };
  for (const field of CARD_FIELDS) delete rest[field];
  return rest;
}
