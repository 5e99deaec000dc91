// The one client of the catalog's query service (its contract: catalogQuery.ts), used by the
// loaders in the browser and on the shell server alike. On the server its reads go through the
// request's public reads (its shop context), so a burst of pages asks the service once, and
// uncompressed (between two of our processes).
import type { DataAnswer, ShopContext } from '@shop/shared';
import { getCatalogServiceUrl } from '@shop/shared/firebase/config';
import { CatalogQueryRefusedError, CatalogUnavailableError, MARKET_PARAM } from './catalogQuery';

const TIMEOUT_MS = 10_000;

/**
 * The query parameters of a request in `shop`'s market: the market's id added (decision 5101), so
 * the service answers in its currency and language; the root market's requests carry none and
 * are the addresses they always were (the service's default market).
 */
export function inMarket(shop: ShopContext, params?: URLSearchParams): URLSearchParams | undefined {
  if (shop.market.pathPrefix === '') return params;
  const withMarket = new URLSearchParams(params);
  withMarket.set(MARKET_PARAM, shop.market.id);
  return withMarket;
}

/**
 * GET a service path in the shop context's market. Network failures, timeouts and 5xx become `CatalogUnavailableError` (the
 * pages offer "Try again"), a 400 `CatalogQueryRefusedError` with the service's message; an
 * abort by `signal` (a newer navigation) rejects with the abort's reason.
 */
export async function fetchCatalog<T>(
  shop: ShopContext,
  path: string,
  params?: URLSearchParams,
  signal?: AbortSignal,
): Promise<T> {
  const asked = inMarket(shop, params);
  const query = asked && asked.size > 0 ? `?${asked.toString()}` : '';
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: DataAnswer;
  try {
    response = await shop.fetchPublic(`${getCatalogServiceUrl()}${path}${query}`, {
      signal: combined,
    });
  } catch {
    if (signal?.aborted) throw signal.reason;
    throw new CatalogUnavailableError(
      timeout.aborted ? `The catalog did not answer within ${TIMEOUT_MS / 1000} s.` : '',
    );
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    if (signal?.aborted) throw signal.reason;
    body = null;
  }
  if (response.ok && body !== null) return body as T;
  const message =
    body && typeof body === 'object' && 'error' in body ? String(body.error) : response.statusText;
  if (response.status === 400) throw new CatalogQueryRefusedError(message);
  throw new CatalogUnavailableError('');
}
