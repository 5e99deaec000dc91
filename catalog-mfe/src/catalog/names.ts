// The names the shop gives to data slugs (collections and product types are data, not code). Pure
// and import-free, so the catalog's query service (decision 3601) names them as the pages do.
import type { Product } from '@shop/shared';
import type { Translate } from '@shop/shared/i18n/format';
import { translatable } from '@shop/shared/i18n/translatable';

/**
 * The names of the catalog's collections and product types, in English; a page shows them in its
 * language (`src/messages`). A slug not listed here (new data) is named from its letters.
 */
const NAMES: Readonly<Record<string, string>> = {
  fall: translatable('Fall'),
  spring: translatable('Spring'),
  bags: translatable('Bags'),
  boots: translatable('Boots'),
  coats: translatable('Coats'),
  dresses: translatable('Dresses'),
  hats: translatable('Hats'),
  hoodies: translatable('Hoodies'),
  jackets: translatable('Jackets'),
  knitwear: translatable('Knitwear'),
  scarves: translatable('Scarves'),
  shirts: translatable('Shirts'),
  shorts: translatable('Shorts'),
  skirts: translatable('Skirts'),
  sneakers: translatable('Sneakers'),
  tops: translatable('Tops'),
  trousers: translatable('Trousers'),
};

/** "late-summer" → "Late summer": a slug's name from its letters. */
const fromSlug = (slug: string) =>
  `${slug.charAt(0).toUpperCase()}${slug.slice(1).replace(/-/g, ' ')}`;

/** A slug's name: the table's, in the page's language with `translate`. */
function nameOf(slug: string, translate?: Translate): string {
  const english = Object.prototype.hasOwnProperty.call(NAMES, slug) ? NAMES[slug] : undefined;
  if (english === undefined) return fromSlug(slug);
  return translate ? translate(english) : english;
}

/** "fall" → "Fall": a collection's short name (filters), in the page's language with `translate`. */
export function collectionName(id: string, translate?: Translate): string {
  return nameOf(id, translate);
}

/** "fall" → "Fall collection": the eyebrow and label of a collection, in the page's `t`. */
export function collectionLabel(id: string, t?: Translate): string {
  const name = collectionName(id, t);
  return t ? t('{name} collection', { name }) : `${name} collection`;
}

/**
 * "sneakers" → "Sneakers", "t-shirts" → "T shirts": a type's name in filters (in the page's
 * language with `translate`) and in search (English).
 */
export function typeName(type: string, translate?: Translate): string {
  return nameOf(type, translate);
}

/** A colour's name in the page's language (decision 5101); the colour itself stays the key. */
export function colourLabel(
  product: Pick<Product, 'colours' | 'colourLabels'>,
  colour: string,
): string {
  const at = product.colours.indexOf(colour);
  return (at === -1 ? undefined : product.colourLabels?.[at]) ?? colour;
}
