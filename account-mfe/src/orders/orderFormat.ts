// How orders are summarised in the history (spec: date, key, item count, total).
import type { StoredOrder } from '@shop/shared';
import { formatDate, formatMessage, type Translate } from '@shop/shared/i18n/format';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

const ORDER_DATE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** An order's moment as the page's market writes it (`market.locale`, decision 5101). */
export function formatOrderDate(timestamp: number, locale = 'en-US'): string {
  return Number.isFinite(timestamp) ? formatDate(timestamp, locale, ORDER_DATE) : '';
}

/** The number of items (sum of quantities), as stored with the order or counted from its lines. */
export function itemCount(order: Pick<StoredOrder, 'totalQuantity' | 'products'>): number {
  if (typeof order.totalQuantity === 'number') return order.totalQuantity;
  return order.products.reduce((sum, line) => sum + line.quantity, 0);
}

export const itemsLabel = (count: number, t: Translate = formatMessage) =>
  count === 1 ? t('{count} item', { count }) : t('{count} items', { count });

export const orderPath = (id: string) =>
  ACCOUNT_PATHS.order.replace(':orderId', encodeURIComponent(id));
