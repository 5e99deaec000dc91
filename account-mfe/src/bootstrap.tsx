// Standalone page for the account team: the remote's own routes, with the bus and a backend.
import { renderStandalone } from '@shop/shared';
import { redirect } from 'react-router-dom';
import * as accountLayout from './routes/account-layout';
import * as myAccount from './routes/my-account';
import * as orders from './routes/orders';
import * as orderDetail from './routes/order-detail';
import * as credentials from './routes/credentials';
import * as personalInformation from './routes/personal-information';
import * as authentication from './routes/authentication';

renderStandalone({
  title: 'Account',
  routes: [
    // The shell owns '/', so here it leads to the account (or, signed out, to the sign-in page).
    { index: true, loader: () => redirect('/account/myaccount') },
    {
      path: 'account',
      ...accountLayout,
      children: [
        { index: true, loader: () => redirect('/account/myaccount') },
        { path: 'myaccount', ...myAccount },
        { path: 'orders', ...orders },
        { path: 'orders/:orderId', ...orderDetail },
        { path: 'credentials', ...credentials },
        { path: 'personal-information', ...personalInformation },
      ],
    },
    { path: 'authentication', ...authentication },
  ],
});
