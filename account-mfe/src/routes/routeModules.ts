// Generated from routes.json by `npm run routes:generate`: do not edit. The build checks it.
import type { RouteListEntry, RouteModuleExports } from '@shop/shared';
import * as accountLayout from '../layout/accountLayoutRoute';
import * as accountIndex from '../layout/accountIndexRoute';
import * as myAccount from '../overview/myAccountRoute';
import * as orders from '../orders/ordersRoute';
import * as orderDetail from '../orders/orderDetailRoute';
import * as credentials from '../credentials/credentialsRoute';
import * as personalInformation from '../personal-information/personalInformationRoute';
import * as addressBook from '../address-book/addressBookRoute';
import * as authentication from '../authentication/authenticationRoute';
import routeList from './routes.json';

// JSON literal types are wider than the entry type: readRouteList checks the shape in tests.
export const ROUTE_LIST = routeList as RouteListEntry[];

export const ROUTE_MODULES: Record<string, RouteModuleExports> = {
  './account-layout': accountLayout,
  './account-index': accountIndex,
  './my-account': myAccount,
  './orders': orders,
  './order-detail': orderDetail,
  './credentials': credentials,
  './personal-information': personalInformation,
  './address-book': addressBook,
  './authentication': authentication,
};
