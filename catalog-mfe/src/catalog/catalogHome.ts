// The front door's bounded sets (`GET /v1/home` of the catalog's query service, decision 3601):
// the newest products, the best reductions and how many products each collection has. The home
// page and the collections index both use them.
import { remember } from './catalogApi';
import type { ShopContext } from '@shop/shared';
import { fetchCatalog } from './catalogClient';
import type { FacetCount, HomeResult } from './catalogQuery';

/**
 * The home sets. In the browser one answer serves the pages visited within a short time (a
 * search typed on the home page re-runs its loader), so that shared read is not tied to the
 * navigation that started it: its abort would fail the next page reading the same answer. On
 * the shell server nothing is kept and the request's own signal cancels the read.
 */
export function loadHome(shop: ShopContext, signal?: AbortSignal): Promise<HomeResult> {
  if (typeof window === 'undefined') {
    return fetchCatalog<HomeResult>(shop, '/v1/home', undefined, signal);
  }
  return remember(`home ${shop.market.id}`, () => fetchCatalog<HomeResult>(shop, '/v1/home'));
}

/** Counts by value ("fall" → 12), for the collection tiles. */
export function countsByValue(counts: readonly FacetCount[]): Record<string, number> {
  return Object.fromEntries(counts.map(({ value, count }) => [value, count]));
}
