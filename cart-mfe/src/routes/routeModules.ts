// Generated from routes.json by `npm run routes:generate`: do not edit. The build checks it.
import type { RouteListEntry, RouteModuleExports } from '@shop/shared';
import * as basketReview from '../basket-review/basketReviewRoute';
import routeList from './routes.json';

// JSON literal types are wider than the entry type: readRouteList checks the shape in tests.
export const ROUTE_LIST = routeList as RouteListEntry[];

export const ROUTE_MODULES: Record<string, RouteModuleExports> = {
  './basket-review': basketReview,
};
