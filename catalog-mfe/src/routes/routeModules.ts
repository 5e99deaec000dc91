// Generated from routes.json by `npm run routes:generate`: do not edit. The build checks it.
import type { RouteListEntry, RouteModuleExports } from '@shop/shared';
import * as home from '../home/homeRoute';
import * as product from '../product/productRoute';
import * as collections from '../collections/collectionsRoute';
import * as collection from '../collections/collectionRoute';
import * as search from '../search/searchRoute';
import * as category from '../category/categoryRoute';
import routeList from './routes.json';

// JSON literal types are wider than the entry type: readRouteList checks the shape in tests.
export const ROUTE_LIST = routeList as RouteListEntry[];

export const ROUTE_MODULES: Record<string, RouteModuleExports> = {
  './home': home,
  './product': product,
  './collections': collections,
  './collection': collection,
  './search': search,
  './category': category,
};
