// The checkout's own page addresses, from its route list: a page moved in routes.json takes every
// link of this team with it. (Other teams link to these pages by role: shared/CONTRACT.md §9.)
import { ownPaths } from '@shop/shared';
import routeList from './routes.json';

export const CHECKOUT_PATHS = ownPaths(routeList, {
  basket: './checkout-layout',
  details: './details',
  confirmation: './checkout-successful',
  orderStatus: './order-status',
});
