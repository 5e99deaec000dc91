// One page of a product list, asked of the catalog's query service (decision 3601): the loaders
// of the list pages send it the page address's own parameters, so the address alone says which
// products, in which order, on which page. The page number is checked here first: an address
// that names no page answers 404, never a guess.
import { data } from 'react-router-dom';
import type { ShopContext } from '@shop/shared';
import { CatalogUnavailableError } from '../catalog/catalogApi';
import {
  CatalogQueryRefusedError,
  PAGE_PARAMS,
  pageNumber,
  pageSize,
  searchRefusal,
  type ListingResult,
} from '../catalog/catalogQuery';
import { fetchCatalog } from '../catalog/catalogClient';
import { QUERY_PARAMS } from './productQuery';
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
import { messages } from '../messages';

/** What an error screen of a list is told (`data` of the 404 or 400 a loader throws). */
export type ListingErrorData =
  | { title: string; reason: 'page'; firstPage: string }
  | { title: string; reason: 'search'; message: string; withoutSearch: string };

/** Filters the page itself fixes: the category of /men, the collection of its own page. */
export interface FixedFilters {
  category?: string;
  collection?: string;
}

/** `params` without the page number (page 1 has none) or with page `page`. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(PAGE_PARAMS.page);
  else next.set(PAGE_PARAMS.page, String(page));
  return next;
}

function href(url: URL, params: URLSearchParams): string {
  const search = params.toString();
  return search === '' ? url.pathname : `${url.pathname}?${search}`;
}

/**
 * The page number of an address: none is page 1; anything but a whole number from 1 to MAX_PAGE
 * ("0", "-1", "abc", "1.5") names no page of the list and answers 404.
 */
export function pageFromAddress(url: URL, t: Translate = formatMessage): number {
  const text = url.searchParams.get(PAGE_PARAMS.page);
  if (text === null) return 1;
  return pageNumber(text) ?? pageNotFound(url, t);
}

function pageNotFound(url: URL, t: Translate): never {
  throw data<ListingErrorData>(
    {
      title: t('Page not found'),
      reason: 'page',
      firstPage: href(url, withPage(url.searchParams, 1)),
    },
    { status: 404 },
  );
}

function searchRefused(url: URL, message: string, t: Translate): never {
  const params = withPage(url.searchParams, 1);
  params.delete(QUERY_PARAMS.search);
  throw data<ListingErrorData>(
    { title: t('Search too long'), reason: 'search', message, withoutSearch: href(url, params) },
    { status: 400 },
  );
}

/** The service's parameters for a page address: the list's own, the fixed filters on top. */
export function listingParams(
  url: URL,
  fixed: FixedFilters = {},
  t: Translate = formatMessage,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.values(QUERY_PARAMS)) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') params.set(name, value);
  }
  for (const [field, value] of Object.entries(fixed)) {
    if (value) params.set(field, value);
  }
  const page = pageFromAddress(url, t);
  if (page > 1) params.set(PAGE_PARAMS.page, String(page));
  // The service refuses any other size of page; the address's is only a preference.
  const per = pageSize(url.searchParams.get(PAGE_PARAMS.perPage));
  if (per !== null) params.set(PAGE_PARAMS.perPage, String(per));
  return params;
}

/**
 * The page of the list a request's address asks for. Throws 404 for a page the list does not
 * have, 400 for a search the service will not run (longer than a shopper types), and lets
 * `CatalogUnavailableError` through (the pages offer to try again).
 */
export async function loadListing(
  shop: ShopContext,
  request: Request,
  fixed: FixedFilters = {},
): Promise<ListingResult> {
  const url = new URL(request.url);
  // Its error screens' titles in the page's language (its texts are loaded with the module).
  const t = messages.translator(shop.market.language);
  const params = listingParams(url, fixed, t);
  const refusal = searchRefusal(url.searchParams.get(QUERY_PARAMS.search) ?? '');
  if (refusal !== null) searchRefused(url, asSentence(refusal), t);
  let listing: ListingResult;
  try {
    listing = await fetchCatalog<ListingResult>(shop, '/v1/products', params, request.signal);
  } catch (error) {
    // Every parameter is checked above; a service with other limits may still refuse the search.
    if (error instanceof CatalogQueryRefusedError) {
      searchRefused(url, asSentence(error.message), t);
    }
    throw error;
  }
  // An empty list has its page 1 (saying nothing matches); a page past the last has nothing.
  if (listing.page > Math.max(1, listing.pageCount)) pageNotFound(url, t);
  return listing;
}

/** The service's messages as the page's sentences: ending with a full stop. */
export const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The service is down or slow: the caller shows the page without what it would have added. */
export function unavailableAsNull(error: unknown): null {
  if (error instanceof CatalogUnavailableError) return null;
  throw error;
}

/** A list page's title: "Men", then "Men, page 2" (each page its own title in history, tabs). */
export function listTitle(
  title: string,
  listing: Pick<ListingResult, 'page'>,
  t: Translate = formatMessage,
): string {
  return listing.page > 1 ? t('{title}, page {page}', { title, page: listing.page }) : title;
}
