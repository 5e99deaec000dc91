// The catalog's query service (decision 3601): listings, filters, facet counts, search and the
// home page's bounded sets are answered by a service that keeps an index of the catalog, so no
// page, loader or browser ever reads the whole catalog. This module is its contract (what the
// service answers); its one client is `catalogClient.ts`. The service itself lives in
// `catalog-mfe/service/`.
// Types only from the package's index: the query service imports this contract (no React here).
import type { ProductCard } from '@shop/shared';

/** Products on one page of a listing: 24 by default, 48 on request (`?per=48`). */
export const PER_PAGE_CHOICES = [24, 48] as const;
export const DEFAULT_PER_PAGE = 24;
/** The address parameters of paging (the filters' are `QUERY_PARAMS` of browse/productQuery). */
export const PAGE_PARAMS = { page: 'page', perPage: 'per' } as const;

/**
 * The market a request is answered in, by its id ("de"; decision 5101): its currency's prices and
 * its language's texts. Absent: the root market (the United States).
 */
export const MARKET_PARAM = 'market';

/**
 * A search is bounded before any work is done: longer text is refused (400) by the service and
 * answered with a clear page by the shop, never searched.
 */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_WORDS = 8;
/** The highest page number an address may ask for (a bigger one is a clear 404). */
export const MAX_PAGE = 10_000;

/** More words than the service searches (the search field never sends such a search). */
export function tooManyWords(text: string): boolean {
  return text.trim().split(/\s+/).length > MAX_SEARCH_WORDS;
}

/**
 * Why the service refuses to search `text` before doing any work (null: it searches). The pages
 * ask this first, so a refused search costs no request; the service answers it as a 400.
 */
export function searchRefusal(text: string): string | null {
  if (text.length > MAX_SEARCH_LENGTH) {
    return `Searches are at most ${MAX_SEARCH_LENGTH} characters long`;
  }
  if (tooManyWords(text)) return `Searches are at most ${MAX_SEARCH_WORDS} words long`;
  return null;
}

/**
 * The page an address's `page` names: a whole number from 1 to MAX_PAGE ("0", "-1", "abc", "1.5"
 * and larger numbers name none: null).
 */
export function pageNumber(text: string): number | null {
  const page = Number(text);
  return /^[1-9]\d*$/.test(text) && page <= MAX_PAGE ? page : null;
}

/** A page size the service serves (`per`), or null. */
export function pageSize(text: string | null): number | null {
  const size = Number(text);
  return (PER_PAGE_CHOICES as readonly number[]).includes(size) ? size : null;
}

/** One option of a filter and how many products choosing it would give. */
export interface FacetCount {
  value: string;
  count: number;
}

/**
 * Counts per filter option, each computed with every other active filter applied (choosing a
 * size shows how many products each other size would give, not zero).
 */
export interface ListingFacets {
  category: FacetCount[];
  collection: FacetCount[];
  type: FacetCount[];
  /** Only sizes in stock count: a product whose size 42 is sold out is not under 42. */
  size: FacetCount[];
}

/** `GET {service}/v1/products?<the page's address parameters>` */
export interface ListingResult {
  /** How many products match (all pages). */
  total: number;
  /** 1-based; may be past `pageCount` (then `products` is empty and the page answers 404). */
  page: number;
  perPage: number;
  pageCount: number;
  /** The page's products, in the asked order. */
  products: ProductCard[];
  facets: ListingFacets;
  /** Set when no word matched as typed and a corrected spelling did ("sneakr" → "sneaker"). */
  correctedSearch?: string;
}

/** `GET {service}/v1/home`: the front door's bounded sets. */
export interface HomeResult {
  /** The newest products (8). */
  newArrivals: ProductCard[];
  /** The best reductions, largest share off first (8). */
  featured: ProductCard[];
  /** How many products each collection has (collections with at least one). */
  collections: FacetCount[];
}

/** `GET {service}/v1/products/{id}/related`: other products of the same type or collection. */
export interface RelatedResult {
  products: ProductCard[];
}

/** The catalog could not be read (network, server); pages show a retry, never a crash. */
export class CatalogUnavailableError extends Error {
  constructor(detail: string) {
    super(`We couldn't load the catalog right now. ${detail}`.trim());
    this.name = 'CatalogUnavailableError';
  }
}

/** The service refused the request as malformed (400): the page shows why. */
export class CatalogQueryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogQueryRefusedError';
  }
}
