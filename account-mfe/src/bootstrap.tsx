// Standalone page for the account team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList } from '@shop/shared';
import { redirect } from 'react-router-dom';
import { ACCOUNT_PATHS } from './routes/ownPaths';
import { ROUTE_LIST, ROUTE_MODULES } from './routes/routeModules';

renderStandalone({
  title: 'Account',
  routes: [
    // The shell owns '/', so here it leads to the account (or, signed out, to the sign-in page).
    { index: true, loader: () => redirect(ACCOUNT_PATHS.myAccount) },
    ...routesFromList(ROUTE_LIST, ROUTE_MODULES),
  ],
});
