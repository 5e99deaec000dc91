// A list of orders: date, number (the key of an order placed before numbers), item count and total
// (in the order's own currency, decision 5101), each linking to its detail page.
import { formatPrice, marketOfOrder, useMarket, useMessages } from '@shop/shared';
import { messages } from '../messages';
import type { StoredOrder } from '@shop/shared';
import { Link } from 'react-router-dom';
import { formatOrderDate, itemCount, itemsLabel, orderPath } from './orderFormat';

export function OrderSummaryList({ orders, label }: { orders: StoredOrder[]; label: string }) {
  const t = useMessages(messages);
  const { locale } = useMarket();
  return (
    <ol className="account-orders" aria-label={label}>
      {orders.map((order) => (
        <li key={order.id} className="account-orders__item">
          <Link to={orderPath(order.id)} className="account-orders__link">
            <span className="account-orders__date">
              <time dateTime={new Date(order.timestamp).toISOString()}>
                {formatOrderDate(order.timestamp, locale)}
              </time>
            </span>
            <span className="account-orders__key">
              <span className="shop-visually-hidden">{t('Order')} </span>
              {order.number ?? order.id}
            </span>
            <span className="account-orders__count">{itemsLabel(itemCount(order), t)}</span>
            <span className="account-orders__total">
              {formatPrice(order.totalPrice, marketOfOrder(order))}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
