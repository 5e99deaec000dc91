// /account/myaccount: who is signed in, the most recent orders and the ways to the other pages.
import { Skeleton, isNewMember, useAuth, useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';
import type { StoredOrder } from '@shop/shared';
import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import type { Loaded } from '../data/accountRecords';
import { GuestOrdersNotice } from '../guest-orders/GuestOrdersNotice';
import { LoadFailed } from '../layout/LoadFailed';
import { NoOrders } from '../orders/OrdersPage';
import { OrderSummaryList } from '../orders/OrderSummaryList';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

/** How many orders the overview lists before "See all orders". */
export const RECENT_ORDERS = 3;

const shortcuts = (t: Translate) => [
  {
    to: ACCOUNT_PATHS.orders,
    title: t('Orders'),
    text: t('Every order you placed, with its details.'),
  },
  {
    to: ACCOUNT_PATHS.credentials,
    title: t('Credentials'),
    text: t('Change the email and password you sign in with.'),
  },
  {
    to: ACCOUNT_PATHS.personalInformation,
    title: t('Personal information'),
    text: t('Your address and contact details, filled in at checkout.'),
  },
  {
    to: ACCOUNT_PATHS.addressBook,
    title: t('Address book'),
    text: t('Your delivery addresses and the default one, chosen for you at checkout.'),
  },
];

export function MyAccountPage() {
  const t = useMessages(messages);
  const auth = useAuth();
  const data = useLoaderData() as { orders: Promise<Loaded<StoredOrder[]>> };
  return (
    <section className="account-page" aria-labelledby="account-overview-heading">
      <h1 id="account-overview-heading" className="account-page__title">
        {t('My account')}
      </h1>
      <p className="account-page__intro">
        {isNewMember(auth.userAccountUid) ? t('Welcome,') : t('Welcome back,')}{' '}
        <strong className="account-overview__email">{auth.email}</strong>.
      </p>

      <GuestOrdersNotice />

      <section className="account-card" aria-labelledby="account-recent-orders">
        <div className="account-card__header">
          <h2 id="account-recent-orders" className="account-card__title">
            {t('Recent orders')}
          </h2>
          <Link to={ACCOUNT_PATHS.orders} className="account-card__more">
            {t('See all orders')}
          </Link>
        </div>
        <Suspense fallback={<Skeleton lines={3} height="3.5rem" label={t('Loading orders...')} />}>
          <Await resolve={data.orders}>
            {(orders: Loaded<StoredOrder[]>) => {
              if (!orders.ok) return <LoadFailed error={orders.error} />;
              if (orders.value.length === 0) return <NoOrders />;
              return (
                <OrderSummaryList
                  orders={orders.value.slice(0, RECENT_ORDERS)}
                  label={t('Recent orders')}
                />
              );
            }}
          </Await>
        </Suspense>
      </section>

      <ul className="account-shortcuts">
        {shortcuts(t).map((shortcut) => (
          <li key={shortcut.to}>
            <Link to={shortcut.to} className="account-shortcuts__link">
              <span className="account-shortcuts__title">{shortcut.title}</span>
              <span className="account-shortcuts__text">{shortcut.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
