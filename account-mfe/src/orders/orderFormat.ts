// How orders are summarised in the history (spec: date, key, item count, total).
import type { StoredOrder } from '@shop/shared';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatOrderDate(timestamp: number): string {
  return Number.isFinite(timestamp) ? DATE_FORMAT.format(new Date(timestamp)) : '';
}

/** The number of items (sum of quantities), as stored with the order or counted from its lines. */
export function itemCount(order: Pick<StoredOrder, 'totalQuantity' | 'products'>): number {
  if (typeof order.totalQuantity === 'number') return order.totalQuantity;
  return order.products.reduce((sum, line) => sum + line.quantity, 0);
}

export const itemsLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

export const orderPath = (id: string) =>
  ACCOUNT_PATHS.order.replace(':orderId', encodeURIComponent(id));
