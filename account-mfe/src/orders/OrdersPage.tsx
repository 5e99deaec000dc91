// /account/orders: every order of the account, newest first.
import { Skeleton, useMessages, useShopContext } from '@shop/shared';
import { messages } from '../messages';
import type { StoredOrder } from '@shop/shared';
import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import type { Loaded } from '../data/accountRecords';
import { LoadFailed } from '../layout/LoadFailed';
import { OrderSummaryList } from './OrderSummaryList';

export function OrdersPage() {
  const t = useMessages(messages);
  const data = useLoaderData() as { orders: Promise<Loaded<StoredOrder[]>> };
  return (
    <section className="account-page" aria-labelledby="account-orders-heading">
      <h1 id="account-orders-heading" className="account-page__title">
        {t('Your orders')}
      </h1>
      <Suspense fallback={<Skeleton lines={4} height="3.5rem" label={t('Loading orders...')} />}>
        <Await resolve={data.orders}>
          {(orders: Loaded<StoredOrder[]>) => {
            if (!orders.ok) return <LoadFailed error={orders.error} />;
            if (orders.value.length === 0) return <NoOrders />;
            return <OrderSummaryList orders={orders.value} label={t('All orders, newest first')} />;
          }}
        </Await>
      </Suspense>
    </section>
  );
}

export function NoOrders() {
  const t = useMessages(messages);
  const shop = useShopContext();
  return (
    <div className="account-empty">
      <p>{t("You haven't placed an order yet.")}</p>
      <Link to={shop.hrefFor('collections')} className="account-empty__link">
        {t('Browse the collections')}
      </Link>
    </div>
  );
}
