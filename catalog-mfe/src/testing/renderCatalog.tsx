// Renders the catalog's real route modules in a memory router, under a tiny layout that shows the
// basket count from the bus (as the shell's header does).
import { bus, useCart, type ToastEvent } from '@shop/shared';
import { render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import * as category from '../routes/category';
import * as collection from '../routes/collection';
import * as collections from '../routes/collections';
import * as home from '../routes/home';
import * as product from '../routes/product';

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

export function renderCatalog(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <TestLayout />,
        hydrateFallbackElement: <p>Loading...</p>,
        children: [
          { index: true, ...home },
          { path: 'products/:id', ...product },
          { path: 'collections', ...collections },
          { path: 'collections/fall', ...collection },
          { path: 'collections/spring', ...collection },
          { path: 'men', ...category },
          { path: 'women', ...category },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const toasts: ToastEvent[] = [];
  const subscription = bus.toasts$.subscribe((event) => toasts.push(event));
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, toasts, stop: () => subscription.unsubscribe() };
}
