// Standalone page for the account team: the remote's own routes, with the bus and a backend.
import { renderStandalone } from '@shop/shared';
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
    {
      path: 'account',
      ...accountLayout,
      children: [
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
