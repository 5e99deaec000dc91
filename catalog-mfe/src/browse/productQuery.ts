// What a shopper asked the list to show (search, sort, filters), read from and written to the page
// address so a filtered list can be shared, bookmarked and restored with the back button.
import type { Product } from '@shop/shared';
// The module, not the package's main entry: the catalog's query service reads this file too.
import { type PriceFormat, formatPrice } from '@shop/shared/pricing/pricing';
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
// The slugs' patterns alone (not the package's index): the query service parses with this module.
import { COLLECTION_SLUG, PRODUCT_TYPE } from '@shop/shared/catalog/slugs';

/** "Best match" (the search engine's order) is offered, and the default, while searching. */
export const RELEVANCE_SORT = { value: 'relevance', label: 'Best match' } as const;

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['value'] | typeof RELEVANCE_SORT.value;
export const DEFAULT_SORT: SortKey = 'newest';

/** The sort of an address without `sort`: the best match while searching, else the newest. */
export function defaultSort(search: string): SortKey {
  return search.trim() === '' ? DEFAULT_SORT : RELEVANCE_SORT.value;
}

/** The sort choices for a list with or without a search. */
export function sortOptions(search: string) {
  return search.trim() === '' ? [...SORT_OPTIONS] : [RELEVANCE_SORT, ...SORT_OPTIONS];
}

export interface ProductQuery {
  /** What the shopper typed: words of a name, a type, a colour… (the search engine decides). */
  search: string;
  sort: SortKey;
  category: Product['category'] | '';
  collection: Product['collection'] | '';
  /** A product type ("sneakers"), '' for any. */
  type: string;
  size: string;
  /** Price bounds in dollars on the price the shopper pays; null when open. */
  minPrice: number | null;
  maxPrice: number | null;
}

/** URL parameter names: short, readable, stable (links are shared). */
export const QUERY_PARAMS = {
  search: 'q',
  sort: 'sort',
  category: 'category',
  collection: 'collection',
  type: 'type',
  size: 'size',
  minPrice: 'min',
  maxPrice: 'max',
} as const;

const CATEGORIES: readonly Product['category'][] = ['men', 'women'];

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** Any collection of the data may be filtered on: a well-formed slug. */
function collectionSlug(value: string | null): string {
  return value !== null && COLLECTION_SLUG.test(value) ? value : '';
}

/** Any type of the data may be filtered on: a well-formed type slug. */
function productType(value: string | null): string {
  return value !== null && PRODUCT_TYPE.test(value) ? value : '';
}

function price(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Whether a price field's text is a number below zero. */
export function isNegativePrice(text: string): boolean {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n < 0;
}

/** Why no product can match the price range, or '' (200 to 50 said only "No products"). */
export function priceRangeProblem(
  minPrice: number | null,
  maxPrice: number | null,
  t: Translate = formatMessage,
  /** The page's market: its prices are in its currency (decision 5101). */
  market?: PriceFormat,
): string {
  if (minPrice === null || maxPrice === null || minPrice <= maxPrice) return '';
  return t(
    'The minimum price ({min}) is above the maximum ({max}), so no product can match. Lower the minimum or raise the maximum.',
    { min: formatPrice(minPrice, market), max: formatPrice(maxPrice, market) },
  );
}

/** Reads the query from the address; unknown or malformed values fall back to "no filter". */
export function parseProductQuery(params: URLSearchParams): ProductQuery {
  const sort = params.get(QUERY_PARAMS.sort);
  const search = params.get(QUERY_PARAMS.search) ?? '';
  return {
    search,
    sort: sortOptions(search).some((o) => o.value === sort)
      ? (sort as SortKey)
      : defaultSort(search),
    category: oneOf(params.get(QUERY_PARAMS.category), CATEGORIES),
    collection: collectionSlug(params.get(QUERY_PARAMS.collection)),
    type: productType(params.get(QUERY_PARAMS.type)),
    size: params.get(QUERY_PARAMS.size) ?? '',
    minPrice: price(params.get(QUERY_PARAMS.minPrice)),
    maxPrice: price(params.get(QUERY_PARAMS.maxPrice)),
  };
}

/**
 * Returns `params` with one query field changed; empty values and the default sort are removed so
 * addresses stay short. Other parameters of the page are kept.
 */
export function withQueryValue(
  params: URLSearchParams,
  field: keyof ProductQuery,
  value: string | number | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = QUERY_PARAMS[field];
  const text = value === null ? '' : String(value);
  const sortDefault = defaultSort(next.get(QUERY_PARAMS.search) ?? '');
  if (text === '' || (field === 'sort' && text === sortDefault)) next.delete(name);
  else next.set(name, text);
  return next;
}

/** Removes every filter and the search (unless `keepSearch`), keeping the sort order. */
export function withoutFilters(params: URLSearchParams, keepSearch = false): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [field, name] of Object.entries(QUERY_PARAMS)) {
    if (field !== 'sort' && !(keepSearch && field === 'search')) next.delete(name);
  }
  return next;
}

/** How many filters (not search, not sort) are active; shown on the mobile "Filters" toggle. */
export function activeFilterCount(query: ProductQuery): number {
  return [
    query.category,
    query.collection,
    query.type,
    query.size,
    query.minPrice ?? '',
    query.maxPrice ?? '',
  ].filter((v) => v !== '').length;
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Clothing sizes in shop order (XS, S, M...), then shoe sizes by number, then anything else. */
export function compareSizes(a: string, b: string): number {
  const la = LETTER_SIZES.indexOf(a.toUpperCase());
  const lb = LETTER_SIZES.indexOf(b.toUpperCase());
  if (la !== -1 || lb !== -1) return (la === -1 ? 99 : la) - (lb === -1 ? 99 : lb);
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  if (Number.isFinite(na) !== Number.isFinite(nb)) return Number.isFinite(na) ? -1 : 1;
  return a.localeCompare(b);
}
