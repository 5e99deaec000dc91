// The account's own page addresses, from its route list: a page moved in routes.json takes every
// link of this team with it. (Other teams link to these pages by role: shared/CONTRACT.md §9.)
import { ownPaths } from '@shop/shared';
import routeList from './routes.json';

export const ACCOUNT_PATHS = ownPaths(routeList, {
  myAccount: './my-account',
  orders: './orders',
  /** With `:orderId`: fill it with `orderPath` (orders/orderFormat.ts). */
  order: './order-detail',
  credentials: './credentials',
  personalInformation: './personal-information',
  addressBook: './address-book',
  authentication: './authentication',
});
