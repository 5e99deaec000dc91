// Standalone page for the account team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList, type RouteListEntry } from '@shop/shared';
import { redirect } from 'react-router-dom';
import * as accountIndex from './routes/account-index';
import * as accountLayout from './routes/account-layout';
import * as myAccount from './routes/my-account';
import * as orders from './routes/orders';
import * as orderDetail from './routes/order-detail';
import * as credentials from './routes/credentials';
import * as personalInformation from './routes/personal-information';
import * as authentication from './routes/authentication';
import * as addressBook from './routes/address-book';
import { ACCOUNT_PATHS } from './routes/ownPaths';
import routeList from './routes/routes.json';

renderStandalone({
  title: 'Account',
  routes: [
    // The shell owns '/', so here it leads to the account (or, signed out, to the sign-in page).
    { index: true, loader: () => redirect(ACCOUNT_PATHS.myAccount) },
    ...routesFromList(routeList as RouteListEntry[], {
      './account-layout': accountLayout,
      './account-index': accountIndex,
      './my-account': myAccount,
      './orders': orders,
      './order-detail': orderDetail,
      './credentials': credentials,
      './personal-information': personalInformation,
      './authentication': authentication,
      './address-book': addressBook,
    }),
  ],
});
