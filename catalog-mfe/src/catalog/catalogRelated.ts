// "You may also like" beside a product: a few products to suggest, answered by the catalog's query
// service (`GET /v1/products/{id}/related`, decision 3601) from its index: the same type first,
// then the same collection, within the product's category, newest first, never the product itself
// nor one sold out. They are an extra: no page ever fails for want of them.
import type { ProductCard, ShopContext } from '@shop/shared';
import {
  CatalogQueryRefusedError,
  CatalogUnavailableError,
  type RelatedResult,
} from './catalogQuery';
import { fetchCatalog } from './catalogClient';

/** How many the product page suggests: one row of the grid on a wide screen, two on a phone. */
export const RELATED_COUNT = 4;

/**
 * The products to suggest beside `id`; none when the service cannot say (down, too slow, an id
 * it does not know yet), and the page renders without them. An abort by `signal` (a newer
 * navigation, a closed request) still rejects, as any read of a superseded loader does.
 */
export async function loadRelated(
  shop: ShopContext,
  id: string,
  signal?: AbortSignal,
  limit = RELATED_COUNT,
): Promise<ProductCard[]> {
  try {
    const result = await fetchCatalog<RelatedResult>(
      shop,
      `/v1/products/${encodeURIComponent(id)}/related`,
      new URLSearchParams({ limit: String(limit) }),
      signal,
    );
    // The contract leaves the product out; a card linking to the page it is on would be a dead end.
    return Array.isArray(result.products) ? result.products.filter((p) => p.id !== id) : [];
  } catch (error) {
    if (error instanceof CatalogUnavailableError || error instanceof CatalogQueryRefusedError) {
      return [];
    }
    throw error;
  }
}
