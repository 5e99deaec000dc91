// /account/orders/:orderId: the lines, discount, shipment, total and the personal information
// sent with the order. An id this account has no order under shows "not found". While the page is
// open it follows the order live (the database's event stream): a status the shop's staff change
// shows without a reload (decision 5201).
import {
  Skeleton,
  lineKey,
  marketOfOrder,
  priceLines,
  sharedMessages,
  useMarket,
  useMessages,
  useShopContext,
} from '@shop/shared';
import { messages } from '../messages';
import { getFieldMeta } from '@shop/shared/forms';
import { OrderProgress, PricingSummary, ProductListItem } from '@shop/shared/ui';
import { PaymentSteps } from '@shop/shared/payments/PaymentSteps';
import type { StoredOrder } from '@shop/shared';
import { watchData } from '@shop/shared/firebase/watchData';
import { ORDER_PATHS, orderStatusLabel } from '@shop/shared/order/orderVocabulary';
import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import { PERSONAL_INFORMATION_FIELDS, type Loaded } from '../data/accountRecords';
import { LoadFailed } from '../layout/LoadFailed';
import { formatOrderDate, itemCount, itemsLabel } from './orderFormat';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

export function OrderDetailPage() {
  const t = useMessages(messages);
  const data = useLoaderData() as {
    uid: string;
    orderId: string;
    order: Promise<Loaded<StoredOrder | null>>;
  };
  return (
    <Suspense
      fallback={
        <section className="account-page">
          <Skeleton lines={6} height="2rem" label={t('Loading order...')} />
        </section>
      }
    >
      <Await resolve={data.order}>
        {(order: Loaded<StoredOrder | null>) => {
          if (!order.ok) return <LoadFailed error={order.error} />;
          if (!order.value) return <OrderNotFound orderId={data.orderId} />;
          return (
            <LiveOrderDetail
              path={ORDER_PATHS.accountOrder(data.uid, order.value.id)}
              read={order.value}
            />
          );
        }}
      </Await>
    </Suspense>
  );
}

function BackToOrders() {
  const t = useMessages(messages);
  return (
    <Link to={ACCOUNT_PATHS.orders} className="account-back-link">
      ← {t('All orders')}
    </Link>
  );
}

export function OrderNotFound({ orderId }: { orderId: string }) {
  const t = useMessages(messages);
  const [before, after = ''] = t('There is no order {order} in your account.').split('{order}');
  return (
    <section className="account-page" aria-labelledby="account-order-heading">
      <BackToOrders />
      <h1 id="account-order-heading" className="account-page__title">
        {t('Order not found')}
      </h1>
      <p>
        {/* The sentence in one piece for the translation, the order's key in bold within it. */}
        {before}
        <strong className="account-order__key">{orderId}</strong>
        {after}
      </p>
    </section>
  );
}

/** The order as read, then as the database's stream says it is now. */
function LiveOrderDetail({ path, read }: { path: string; read: StoredOrder }) {
  const [order, setOrder] = useState(read);
  useEffect(
    () =>
      watchData<StoredOrder>(path, (now) => {
        if (now) setOrder({ ...now, id: read.id });
      }),
    [path, read.id],
  );
  return <OrderDetail order={order} />;
}

export function OrderDetail({ order }: { order: StoredOrder }) {
  const t = useMessages(messages);
  // The shared package's words: the status's label (orderStatusLabel).
  const sharedTexts = useMessages(sharedMessages);
  const { locale } = useMarket();
  // The database sends a list of sequential keys as an array, a changed part of one as an object.
  const history = Object.values(order.statusHistory ?? {});
  const count = itemCount(order);
  const info = order.personalInformation;
  return (
    <section className="account-page account-order" aria-labelledby="account-order-heading">
      <BackToOrders />
      <h1 id="account-order-heading" className="account-page__title">
        {t('Order')} <span className="account-order__key">{order.number ?? order.id}</span>
      </h1>
      {/* Written as the guest's order-status page writes it ("Placed"). */}
      {order.status ? (
        <p className="account-order__status" aria-live="polite">
          {t('Status: {status}', { status: sharedTexts(orderStatusLabel(order.status)) })}
        </p>
      ) : null}
      <p className="account-order__meta">
        {t('Placed on')}{' '}
        <time dateTime={new Date(order.timestamp).toISOString()}>
          {formatOrderDate(order.timestamp, locale)}
        </time>{' '}
        · {itemsLabel(count, t)}
        {order.paymentMethod ? ` · ${t('paid by {method}', { method: order.paymentMethod })}` : ''}
      </p>
      {history.length > 0 ? (
        <div className="account-card">
          <OrderProgress placedAt={order.timestamp} history={history} />
        </div>
      ) : null}
      {order.payment ? (
        <div className="account-card">
          <PaymentSteps payment={order.payment} />
        </div>
      ) : null}

      <div className="account-order__grid">
        <OrderLinesCard order={order} />

        <div className="account-card">
          <h2 className="account-card__title">{t('Personal information sent')}</h2>
          {info ? (
            <dl className="account-order__info">
              {PERSONAL_INFORMATION_FIELDS.map((field) => (
                <div key={field}>
                  <dt>{getFieldMeta(field).label}</dt>
                  <dd>{info[field] || '—'}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{t('No personal information was sent with this order.')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The order's lines and price summary, in the order's own currency whatever the page's market
 * (decision 5101).
 */
function OrderLinesCard({ order }: { order: StoredOrder }) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const market = marketOfOrder(order);
  const summary = priceLines(order.products, order.discount, market);
  return (
    <div className="account-card">
      <h2 className="account-card__title">{itemsLabel(itemCount(order), t)}</h2>
      <ul className="account-order__lines">
        {order.products.map((line) => (
          <ProductListItem
            key={lineKey(line)}
            product={line}
            href={shop.hrefFor('product', { id: line.id })}
            market={market}
          />
        ))}
      </ul>
      <PricingSummary
        // The stored order's own shipment and total: what the shopper was charged.
        summary={{
          ...summary,
          shipment: order.shipment ?? summary.shipment,
          total: order.totalPrice,
        }}
        discount={order.discount}
        market={market}
      />
    </div>
  );
}
