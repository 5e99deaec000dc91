// The modules of this remote's route list (routes.json), for its standalone page and its tests;
// the assembled shop loads them through Module Federation instead.
import type { RouteListEntry, RouteModuleExports } from '@shop/shared';
import * as category from './category';
import * as collection from './collection';
import * as collections from './collections';
import * as home from './home';
import * as product from './product';
import * as search from './search';
import routeList from './routes.json';

// JSON literal types are wider than the entry's optional fields: the shape is checked by routes.test.ts.
export const ROUTE_LIST = routeList as RouteListEntry[];

export const ROUTE_MODULES: Record<string, RouteModuleExports> = {
  './home': home,
  './product': product,
  './collections': collections,
  './collection': collection,
  './category': category,
  './search': search,
};
