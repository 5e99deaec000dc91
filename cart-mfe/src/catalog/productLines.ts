// The basket holds only {id, size, quantity}; names, pictures and prices come from the catalog
// (`catalog/products/{id}`, public to read), read with the catalog's product reader of
// @shop/shared: a malformed record is logged and shown as unavailable, like a missing one.
// Products are cached per page so the mini basket and the review ask for each product once.
import {
  getData,
  readProductRecord,
  type CartLine,
  type Product,
  type ProductLine,
} from '@shop/shared';

export type ProductLookup =
  | { status: 'found'; product: Product }
  | { status: 'missing' }
  | { status: 'error'; message: string };

const cache = new Map<string, Promise<ProductLookup>>();

/** Reads one product; a failed read is not cached, so the next render asks again. */
export function lookupProduct(id: string): Promise<ProductLookup> {
  const cached = cache.get(id);
  if (cached) return cached;
  const pending = getData<unknown>(`catalog/products/${id}`).then((result): ProductLookup => {
    if (result.status !== 200) {
      cache.delete(id);
      return { status: 'error', message: result.error.message };
    }
    const product = readProductRecord(id, result.response);
    return product ? { status: 'found', product } : { status: 'missing' };
  });
  cache.set(id, pending);
  return pending;
}

/** Forgets every cached product (tests). */
export function clearProductCache(): void {
  cache.clear();
}

/** A basket line with its catalog data, or why that data is unavailable. */
export type BasketLine =
  { status: 'ready'; line: ProductLine } | { status: 'missing' | 'error'; line: CartLine };
