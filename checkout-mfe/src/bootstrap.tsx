// Standalone page for the checkout team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList } from '@shop/shared';
import { ROUTE_LIST, ROUTE_MODULES } from './routes/routeModules';

/** The basket review belongs to the cart remote; standalone, checkout shows a stand-in. */
function BasketPlaceholder() {
  return <p>The basket review is served by the cart remote in the assembled shop.</p>;
}

renderStandalone({
  title: 'Checkout',
  routes: routesFromList(ROUTE_LIST, ROUTE_MODULES, () => [
    { index: true, Component: BasketPlaceholder },
  ]),
});
