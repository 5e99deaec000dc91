// The back office's own page addresses, from its route list: a page moved in routes.json takes
// every link of this team with it.
import { ownPaths } from '@shop/shared';
import routeList from './routes.json';

export const BACKOFFICE_PATHS = ownPaths(routeList, {
  home: './backoffice-index',
  dashboard: './dashboard',
  orders: './orders',
  /** With `:number`: fill it with `orderPagePath`. */
  order: './order',
  products: './catalog',
  /** With `:id`: fill it with `productPagePath`. */
  product: './catalog-product',
});

/** The staff page of the order numbered `number`. */
export const orderPagePath = (number: string): string =>
  BACKOFFICE_PATHS.order.replace(':number', encodeURIComponent(number));

/** The staff page of the product `id`. */
export const productPagePath = (id: string): string =>
  BACKOFFICE_PATHS.product.replace(':id', encodeURIComponent(id));
