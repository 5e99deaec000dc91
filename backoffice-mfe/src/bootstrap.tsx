// Standalone page for the operations team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList } from '@shop/shared';
import { redirect } from 'react-router-dom';
import { BACKOFFICE_PATHS } from './routes/ownPaths';
import { ROUTE_LIST, ROUTE_MODULES } from './routes/routeModules';

renderStandalone({
  title: 'Back office',
  routes: [
    // The shell owns '/', so here it leads to the back office.
    { index: true, loader: () => redirect(BACKOFFICE_PATHS.orders) },
    ...routesFromList(ROUTE_LIST, ROUTE_MODULES),
  ],
});
