// An order carries the catalog's prices at order time, read fresh from `catalog/products/{id}`
// (no cache): whatever the browser showed earlier, the order is priced by the catalog. The
// database rules reject a line whose price differs from the catalog as a second line of defence.
// Records are read with the catalog's product reader of @shop/shared: a malformed one is logged and
// its line counts as unavailable (the order is not sent), like a product gone from the catalog.
import {
  type CartLine,
  type Product,
  type ProductLine,
  getData,
  readProductRecord,
  toProductLine,
} from '@shop/shared';

export type OrderLines =
  | { status: 'ready'; lines: ProductLine[] }
  | { status: 'unavailable'; ids: string[] }
  | { status: 'error'; message: string };

export async function loadOrderLines(cartLines: readonly CartLine[]): Promise<OrderLines> {
  const ids = [...new Set(cartLines.map((l) => l.id))];
  const results = await Promise.all(ids.map((id) => getData<unknown>(`catalog/products/${id}`)));
  const products = new Map<string, Product>();
  const missing: string[] = [];
  for (const [i, result] of results.entries()) {
    const id = ids[i] as string;
    if (result.status !== 200) return { status: 'error', message: result.error.message };
    const product = readProductRecord(id, result.response);
    if (product) products.set(id, product);
    else missing.push(id);
  }
  if (missing.length > 0) return { status: 'unavailable', ids: missing };
  const lines = cartLines.map((line): ProductLine => {
    const product = products.get(line.id) as Product;
    return toProductLine(line, product);
  });
  return { status: 'ready', lines };
}
