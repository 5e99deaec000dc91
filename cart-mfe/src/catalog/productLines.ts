// The basket holds only {id, size, quantity}; names, pictures and prices come from the catalog
// (`catalog/products/{id}`, public to read). Products are cached per page so the mini basket and
// the review ask for each product once.
import { getData, type CartLine, type Product, type ProductLine } from '@shop/shared';

export type ProductLookup =
  | { status: 'found'; product: Product }
  | { status: 'missing' }
  | { status: 'error'; message: string };

const cache = new Map<string, Promise<ProductLookup>>();

/** Reads one product; a failed read is not cached, so the next render asks again. */
export function lookupProduct(id: string): Promise<ProductLookup> {
  const cached = cache.get(id);
  if (cached) return cached;
  const pending = getData<Product>(`catalog/products/${id}`).then((result): ProductLookup => {
    if (result.status !== 200) {
      cache.delete(id);
      return { status: 'error', message: result.error.message };
    }
    return result.response ? { status: 'found', product: result.response } : { status: 'missing' };
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
