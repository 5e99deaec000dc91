// The basket holds only {id, size, quantity}; names, pictures and prices come from the catalog
// (`catalog/products/{id}`, public to read), read with the catalog's product reader of
// @shop/shared: a malformed record is logged and shown as unavailable, like a missing one.
// Products are cached per page so the mini basket and the review ask for each product once.
import {
  bus,
  getData,
  type CartLine,
  type Market,
  type Product,
  type ProductLine,
} from '@shop/shared';
import { readProductRecord } from '@shop/shared/catalog/productRecord';

export type ProductLookup =
  | { status: 'found'; product: Product }
  | { status: 'missing' }
  | { status: 'error'; message: string };

const cache = new Map<string, { at: number; pending: Promise<ProductLookup> }>();
/** How long a product read is reused: long enough for the views of one page, short enough that
 * stock shown when the shopper comes back to the basket is fresh (decision 1406). */
export const PRODUCT_CACHE_MS = 10_000;

/**
 * Reads one product in `market`'s currency and language (the page's, decision 5101: the basket
 * holds no prices, so a line is priced from the market's price list), reusing a read at most
 * `maxAgeMs` old; a failed read is not cached, so the next render asks again. A product with no
 * price in the market's currency is not sold there: missing.
 */
export function lookupProduct(
  id: string,
  maxAgeMs = PRODUCT_CACHE_MS,
  market: Pick<Market, 'currency' | 'language'> = bus.market$.value,
): Promise<ProductLookup> {
  const key = `${market.currency} ${market.language} ${id}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < maxAgeMs) return cached.pending;
  const pending = getData<unknown>(`catalog/products/${id}`).then((result): ProductLookup => {
    if (result.status !== 200) {
      cache.delete(key);
      return { status: 'error', message: result.error.message };
    }
    const product = readProductRecord(id, result.response, {
      currency: market.currency,
      language: market.language,
    });
    return product ? { status: 'found', product } : { status: 'missing' };
  });
  cache.set(key, { at: Date.now(), pending });
  return pending;
}

/** Forgets every cached product (tests). */
export function clearProductCache(): void {
  cache.clear();
}

/**
 * A basket line with its catalog data (and, when the line wants more than is left of its size,
 * what the basket says of it), or why that data is unavailable.
 */
export type BasketLine =
  | { status: 'ready'; line: ProductLine; stockWarning: string | null }
  | { status: 'missing' | 'error'; line: CartLine };
