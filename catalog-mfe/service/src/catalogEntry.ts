// What the catalog's index keeps of a product once, for every market (decision 5101): the root
// market's card and record, and the facts no market changes (category, sizes in stock, age).
// A market's prices and name are columns of its `MarketView`, by the entry's `slot`.
import type { FacetCount } from '../../src/catalog/catalogQuery';

export interface Entry {
  id: string;
  /** Its place in every market's columns: kept while the product is indexed, then reused. */
  slot: number;
  /**
   * `JSON.stringify(toProductCard(product))` in the root market: what a listing is sent, kept as
   * text (a third of the objects' size); `detail` holds the record's other fields, for the feed's
   * partial writes.
   */
  card: string;
  detail: string;
  /** What the root market's search reads of it, as a number (`searchedHash`). */
  searched: number;
  /** Category, collection, type ('' for none) as codes of the index's dictionaries. */
  categoryCode: number;
  collectionCode: number;
  typeCode: number;
  /** The sizes with stock left (every size when its stock is not tracked), as codes. */
  sizeCodes: Int32Array;
  /** Some size (or its one size) can still be bought. */
  available: boolean;
  createdAt: number;
  /** The search whose matches are walked in a sort order marked this entry (`MarketView`). */
  mark: number;
}

export type OrderKey = 'newest' | 'price-asc' | 'price-desc';
export const ORDER_KEYS: readonly OrderKey[] = ['newest', 'price-asc', 'price-desc'];

/** Values of one field as small numbers (codes are never reused: a dictionary only grows). */
export class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
  /** The code of a value asked for by a query: -2 (matches nothing) when no product has it. */
  find(value: string): number {
    return value === '' ? -1 : (this.codes.get(value) ?? -2);
  }
}

export interface Dictionaries {
  category: Dictionary;
  collection: Dictionary;
  type: Dictionary;
  size: Dictionary;
}

/** Counts by code, named by the dictionary: the values with products, by value. */
export function namedCounts(dictionary: Dictionary, counts: Int32Array): FacetCount[] {
  return dictionary.values
    .map((value, code) => ({ value, count: counts[code] ?? 0 }))
    .filter(({ value, count }) => value !== '' && count > 0)
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
