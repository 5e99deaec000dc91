// Renders the catalog's real route modules (its route list) in a memory router, under a tiny layout that shows the
// basket count from the bus (as the shell's header does).
import {
  type Market,
  ShopContextProvider,
  bus,
  pageShopContext,
  routerContextFor,
  routesFromList,
  useCart,
  type ToastEvent,
} from '@shop/shared';
import { render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { ROUTE_LIST, ROUTE_MODULES } from '../routes/routeModules';

function TestLayout() {
  const cart = useCart();
  const location = useLocation();
  return (
    <>
      <output data-testid="basket-count">{cart.totalQuantity}</output>
      <output data-testid="location">{location.pathname + location.search}</output>
      <Outlet />
    </>
  );
}

/** `market`: the page's market (decision 5101), given to loaders and components as the shell does. */
export function renderCatalog(path: string, { market }: { market?: Market } = {}) {
  const shop = market ? { ...pageShopContext, market } : pageShopContext;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <TestLayout />,
        hydrateFallbackElement: <p>Loading...</p>,
        // The remote's own route list, as the shell composes it.
        children: routesFromList(ROUTE_LIST, ROUTE_MODULES),
      },
    ],
    { initialEntries: [path], getContext: () => routerContextFor(shop) },
  );
  const toasts: ToastEvent[] = [];
  const subscription = bus.toasts$.subscribe((event) => toasts.push(event));
  const view = render(
    <ShopContextProvider value={shop}>
      <RouterProvider router={router} />
    </ShopContextProvider>,
  );
  return { ...view, router, toasts, stop: () => subscription.unsubscribe() };
}
