// Stock per product and size (decision 1406): `catalog/products/{id}/stock/{size}` holds
// how many are left. A product without a size choice keeps its count under ONE_SIZE. A product
// without a `stock` map is not tracked (always orderable): records published before stock existed
// still sell. Only the order function changes a count (it reserves when it stores the order).
import type { Product } from '../types';
import { formatMessage, type Translate } from '../i18n/format';

/** The stock key of a product that has no size choice. */
export const ONE_SIZE = 'one size';

/** At or below this many left, the product page says "Only N left". */
export const LOW_STOCK_LEFT = 5;

/** The key a basket line's size is counted under. */
export const stockKey = (size: string | undefined): string => size || ONE_SIZE;

/** How many are left of this size; null when the product's stock is not tracked. */
export function stockLeft(
  product: Pick<Product, 'stock'>,
  size: string | undefined,
): number | null {
  if (!product.stock) return null;
  return product.stock[stockKey(size)] ?? 0;
}

export type StockLevel =
  | { state: 'untracked' }
  | { state: 'in-stock'; left: number }
  | { state: 'low'; left: number }
  | { state: 'sold-out' };

export function stockLevel(product: Pick<Product, 'stock'>, size: string | undefined): StockLevel {
  const left = stockLeft(product, size);
  if (left === null) return { state: 'untracked' };
  if (left <= 0) return { state: 'sold-out' };
  return left <= LOW_STOCK_LEFT ? { state: 'low', left } : { state: 'in-stock', left };
}

/** What the shop says of a stock level ('' when it is not tracked). */
export function stockLabel(level: StockLevel, t: Translate = formatMessage): string {
  switch (level.state) {
    case 'untracked':
      return '';
    case 'sold-out':
      return t('Sold out');
    case 'low':
      return t('Only {left} left', { left: level.left });
    case 'in-stock':
      return t('In stock');
  }
}

/** A product and size as people read them: "Merino Crew Knit in size M". */
export function describeItem(
  name: string,
  size: string | undefined,
  t: Translate = formatMessage,
): string {
  return size ? t('{name} in size {size}', { name, size }) : name;
}

/**
 * What a basket line may be told about its quantity: null when it is fine (or not tracked),
 * otherwise the sentence the basket shows.
 */
export function stockWarning(
  product: Pick<Product, 'stock'>,
  size: string | undefined,
  quantity: number,
  t: Translate = formatMessage,
): string | null {
  const left = stockLeft(product, size);
  if (left === null || quantity <= left) return null;
  if (left <= 0) return size ? t('Sold out in size {size}.', { size }) : t('Sold out.');
  return size
    ? t('Only {left} left in size {size}: lower the quantity to order.', { left, size })
    : t('Only {left} left: lower the quantity to order.', { left });
}

/** A stored stock map as counts: whole numbers ≥ 0, anything else dropped. */
export function readStock(raw: Record<string, number> | undefined): Record<string, number> | null {
  if (!raw) return null;
  const stock: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Number.isFinite(value)) stock[key] = Math.max(0, Math.floor(value));
  }
  return stock;
}
