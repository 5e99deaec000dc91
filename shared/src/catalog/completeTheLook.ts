// "Complete the look" in the basket: a few products to go with the basket's lines, answered by the
// catalog's query service (decision 3601) from its index, never from the whole catalog. The
// contract lives here because the cart asks and the catalog answers, and the two remotes never
// import each other: the address, its bounds, the answer's shape and the one client. The service's
// side is `catalog-mfe/service/` (`GET /v1/related`).
import { ROOT_MARKET } from '../markets/markets';
import { getCatalogServiceUrl } from '../firebase/config';
import type { ProductCard } from '../types';

/** `GET {service}/v1/related?id=a&id=b&limit=4`: products related to any of the ids. */
export const COMPLETE_THE_LOOK_PATH = '/v1/related';
/** The most products one answer holds, and the default. */
export const COMPLETE_THE_LOOK_MAX = 4;
/**
 * The most ids one request names: the basket's first lines are enough to suggest from, and the
 * service's work stays bounded whatever the basket holds (up to BASKET_LINES_MAX lines).
 */
export const COMPLETE_THE_LOOK_IDS_MAX = 10;
/** The longest product id the service reads. */
export const PRODUCT_ID_MAX_LENGTH = 200;

/**
 * The answer: other products of the same type or collection as the ids' (their category's),
 * available, newest first, taken from each id in turn; never one of the ids. Unknown ids are
 * skipped (a basket may hold a product since removed).
 */
export interface CompleteTheLookResult {
  products: ProductCard[];
}

/** The request's ids and limit, or why the service refuses it (a 400). */
export function readCompleteTheLookQuery(
  params: URLSearchParams,
): { ids: string[]; limit: number } | { refusal: string } {
  const ids = [...new Set(params.getAll('id'))];
  if (ids.length === 0 || ids.length > COMPLETE_THE_LOOK_IDS_MAX) {
    return { refusal: `name from 1 to ${COMPLETE_THE_LOOK_IDS_MAX} products with id=` };
  }
  if (ids.some((id) => id.length === 0 || id.length > PRODUCT_ID_MAX_LENGTH)) {
    return { refusal: `a product id is from 1 to ${PRODUCT_ID_MAX_LENGTH} characters long` };
  }
  const limitText = params.get('limit');
  const limit = limitText === null ? COMPLETE_THE_LOOK_MAX : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > COMPLETE_THE_LOOK_MAX) {
    return { refusal: `limit must be a whole number from 1 to ${COMPLETE_THE_LOOK_MAX}` };
  }
  return { ids, limit };
}

/**
 * The address the cart asks for the basket's `productIds` (the first ones, each once), in the
 * market `marketId` (decision 5101: the service's `market` parameter; none for the root market,
 * whose address stays as it was).
 */
export function completeTheLookUrl(
  productIds: readonly string[],
  limit = COMPLETE_THE_LOOK_MAX,
  marketId = ROOT_MARKET.id,
): string {
  const params = new URLSearchParams();
  for (const id of [...new Set(productIds)].slice(0, COMPLETE_THE_LOOK_IDS_MAX)) {
    params.append('id', id);
  }
  params.set('limit', String(limit));
  if (marketId !== ROOT_MARKET.id) params.set('market', marketId);
  return `${getCatalogServiceUrl()}${COMPLETE_THE_LOOK_PATH}?${params.toString()}`;
}

const TIMEOUT_MS = 5_000;

/**
 * The products to suggest with a basket holding `productIds`: none when the service cannot say
 * (down, slow, refusing), since they are an extra and the basket works without them. Products of
 * the basket are left out here too, whatever the service answered. An abort by `signal` rejects.
 */
export async function fetchCompleteTheLook(
  productIds: readonly string[],
  signal?: AbortSignal,
  /** The page's market's id (decision 5101); the root market's unless told. */
  marketId = ROOT_MARKET.id,
): Promise<ProductCard[]> {
  if (productIds.length === 0) return [];
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const response = await fetch(completeTheLookUrl(productIds, COMPLETE_THE_LOOK_MAX, marketId), {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return [];
    const body = (await response.json()) as Partial<CompleteTheLookResult> | null;
    const inBasket = new Set(productIds);
    return Array.isArray(body?.products)
      ? body.products
          .filter((p) => typeof p?.id === 'string' && !inBasket.has(p.id))
          .slice(0, COMPLETE_THE_LOOK_MAX)
      : [];
  } catch {
    if (signal?.aborted) throw signal.reason;
    return []; // the network failed or the service was too slow: no suggestions
  }
}
