// The names the shop gives to data slugs (collections and product types are data, not code). Pure
// and import-free, so the catalog's query service (decision 3601) names them as the pages do.
import type { Translate } from '@shop/shared/i18n/format';

/** "late-summer" → "Late summer": a collection's short name (filters). */
export function collectionName(id: string): string {
  return `${id.charAt(0).toUpperCase()}${id.slice(1).replace(/-/g, ' ')}`;
}

/** "fall" → "Fall collection": the eyebrow and label of a collection, in the page's `t`. */
export function collectionLabel(id: string, t?: Translate): string {
  const name = collectionName(id);
  return t ? t('{name} collection', { name }) : `${name} collection`;
}

/** "t-shirts" → "T shirts", "sneakers" → "Sneakers": a type's name in filters and search. */
export function typeName(type: string): string {
  return `${type.charAt(0).toUpperCase()}${type.slice(1).replace(/-/g, ' ')}`;
}
