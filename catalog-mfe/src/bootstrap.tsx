// Standalone page for the catalog team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList } from '@shop/shared';
import { ROUTE_LIST, ROUTE_MODULES } from './routes/routeModules';

renderStandalone({ title: 'Catalog', routes: routesFromList(ROUTE_LIST, ROUTE_MODULES) });
