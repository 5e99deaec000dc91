// Standalone page for the checkout team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList, type RouteListEntry } from '@shop/shared';
import * as checkoutLayout from './routes/checkout-layout';
import * as details from './routes/details';
import * as checkoutSuccessful from './routes/checkout-successful';
import * as orderStatus from './routes/order-status';
import routeList from './routes/routes.json';

/** The basket review belongs to the cart remote; standalone, checkout shows a stand-in. */
function BasketPlaceholder() {
  return <p>The basket review is served by the cart remote in the assembled shop.</p>;
}

renderStandalone({
  title: 'Checkout',
  routes: routesFromList(
    routeList as RouteListEntry[],
    {
      './checkout-layout': checkoutLayout,
      './details': details,
      './checkout-successful': checkoutSuccessful,
      './order-status': orderStatus,
    },
    () => [{ index: true, Component: BasketPlaceholder }],
  ),
});
