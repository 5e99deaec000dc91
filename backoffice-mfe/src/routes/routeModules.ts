// Generated from routes.json by `npm run routes:generate`: do not edit. The build checks it.
import type { RouteListEntry, RouteModuleExports } from '@shop/shared';
import * as backofficeLayout from '../layout/backofficeLayoutRoute';
import * as backofficeIndex from '../layout/backofficeIndexRoute';
import * as dashboard from '../dashboard/dashboardRoute';
import * as orders from '../orders/ordersRoute';
import * as order from '../orders/orderRoute';
import * as catalog from '../catalog/productsRoute';
import * as catalogProduct from '../catalog/productRoute';
import routeList from './routes.json';

// JSON literal types are wider than the entry type: readRouteList checks the shape in tests.
export const ROUTE_LIST = routeList as RouteListEntry[];

export const ROUTE_MODULES: Record<string, RouteModuleExports> = {
  './backoffice-layout': backofficeLayout,
  './backoffice-index': backofficeIndex,
  './dashboard': dashboard,
  './orders': orders,
  './order': order,
  './catalog': catalog,
  './catalog-product': catalogProduct,
};
