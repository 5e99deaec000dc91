// Standalone page for the basket team: the remote's own routes, with the bus and a backend.
import { renderStandalone, routesFromList, type RouteListEntry } from '@shop/shared';
import { ROUTE_LIST, ROUTE_MODULES } from './routes/routeModules';
import { startCartRemote } from './cartRemote';
import MiniBasket from './mini-basket/MiniBasket';

startCartRemote();

// The basket review is the index of the checkout's layout; standalone, it stands at that layout's path.
const list: RouteListEntry[] = ROUTE_LIST.map(({ parent: _layout, ...entry }) => entry);

renderStandalone({
  title: 'Basket',
  routes: [
    ...routesFromList(list, ROUTE_MODULES),
    // The header's mini basket on its own (the shell renders it in its header).
    { path: 'mini-basket', Component: MiniBasket },
  ],
});
