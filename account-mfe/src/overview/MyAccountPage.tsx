// /account/myaccount: who is signed in, the most recent orders and the ways to the other pages.
import { Skeleton, isNewMember, useAuth } from '@shop/shared';
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

const SHORTCUTS = [
  { to: ACCOUNT_PATHS.orders, title: 'Orders', text: 'Every order you placed, with its details.' },
  {
    to: ACCOUNT_PATHS.credentials,
    title: 'Credentials',
    text: 'Change the email and password you sign in with.',
  },
  {
    to: ACCOUNT_PATHS.personalInformation,
    title: 'Personal information',
    text: 'Your address and contact details, filled in at checkout.',
  },
  {
    to: ACCOUNT_PATHS.addressBook,
    title: 'Address book',
    text: 'Your delivery addresses and the default one, chosen for you at checkout.',
  },
];

export function MyAccountPage() {
  const auth = useAuth();
  const data = useLoaderData() as { orders: Promise<Loaded<StoredOrder[]>> };
  return (
    <section className="account-page" aria-labelledby="account-overview-heading">
      <h1 id="account-overview-heading" className="account-page__title">
        My account
      </h1>
      <p className="account-page__intro">
        {isNewMember(auth.userAccountUid) ? 'Welcome, ' : 'Welcome back, '}
        <strong className="account-overview__email">{auth.email}</strong>.
      </p>

      <GuestOrdersNotice />

      <section className="account-card" aria-labelledby="account-recent-orders">
        <div className="account-card__header">
          <h2 id="account-recent-orders" className="account-card__title">
            Recent orders
          </h2>
          <Link to={ACCOUNT_PATHS.orders} className="account-card__more">
            See all orders
          </Link>
        </div>
        <Suspense fallback={<Skeleton lines={3} height="3.5rem" label="Loading orders..." />}>
          <Await resolve={data.orders}>
            {(orders: Loaded<StoredOrder[]>) => {
              if (!orders.ok) return <LoadFailed error={orders.error} />;
              if (orders.value.length === 0) return <NoOrders />;
              return (
                <OrderSummaryList
                  orders={orders.value.slice(0, RECENT_ORDERS)}
                  label="Recent orders"
                />
              );
            }}
          </Await>
        </Suspense>
      </section>

      <ul className="account-shortcuts">
        {SHORTCUTS.map((shortcut) => (
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
