// The hero's search on the home page: the first results of the catalog's query service
// (decision 3601), with a link to the results page for the rest.
import { asSentence } from '../browse/listing';
import {
  CatalogQueryRefusedError,
  searchRefusal,
  type ListingResult,
} from '../catalog/catalogQuery';
import type { ShopContext } from '@shop/shared';
import { fetchCatalog } from '../catalog/catalogClient';

/** What the home page asks for (one page of the service's size) and what it shows of it. */
export const HOME_SEARCH_PER_PAGE = 24;
export const HOME_SEARCH_SHOWN = 12;

/**
 * What the hero's search found, or why the service would not search (too long): a value, not a
 * rejection, so it reads the same after travelling from the shell server to the browser.
 */
export type HomeSearch = { listing: ListingResult } | { refused: string };

export async function searchHome(
  shop: ShopContext,
  search: string,
  signal?: AbortSignal,
): Promise<HomeSearch> {
  const text = search.trim();
  const refusal = searchRefusal(text);
  if (refusal !== null) return { refused: asSentence(refusal) };
  const params = new URLSearchParams({ q: text, per: String(HOME_SEARCH_PER_PAGE) });
  try {
    return { listing: await fetchCatalog<ListingResult>(shop, '/v1/products', params, signal) };
  } catch (error) {
    if (error instanceof CatalogQueryRefusedError) return { refused: asSentence(error.message) };
    throw error;
  }
}
