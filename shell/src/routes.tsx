// Route composition (spec §2): every route under one root layout with an error screen. Pages owned
// by remotes load on demand through `remoteRoute`; the shell owns /about, /contact and the 404.
import type { RouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { RootLayout } from './layout/RootLayout';
import { ErrorScreen } from './layout/ErrorScreen';
import { About } from './pages/About';
import { Contact } from './pages/Contact';
import { NotFound } from './pages/NotFound';
import { remoteRoute } from './remotes/remoteRoute';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, ...remoteRoute('catalog', './home') },
      { path: 'products/:id', ...remoteRoute('catalog', './product') },
      { path: 'collections', ...remoteRoute('catalog', './collections') },
      { path: 'collections/fall', ...remoteRoute('catalog', './collection') },
      { path: 'collections/spring', ...remoteRoute('catalog', './collection') },
      { path: 'men', ...remoteRoute('catalog', './category') },
      { path: 'women', ...remoteRoute('catalog', './category') },
      { path: 'about', element: <About />, handle: { title: 'About' } },
      { path: 'contact', element: <Contact />, handle: { title: 'Contact' } },
      {
        path: 'checkout',
        ...remoteRoute('checkout', './checkout-layout'),
        children: [
          { index: true, ...remoteRoute('cart', './basket-review', { nested: true }) },
          { path: 'details', ...remoteRoute('checkout', './details', { nested: true }) },
        ],
      },
      { path: 'checkout-successful', ...remoteRoute('checkout', './checkout-successful') },
      {
        path: 'account',
        ...remoteRoute('account', './account-layout'),
        children: [
          { index: true, loader: () => redirect('/account/myaccount') },
          { path: 'myaccount', ...remoteRoute('account', './my-account', { nested: true }) },
          { path: 'orders', ...remoteRoute('account', './orders', { nested: true }) },
          {
            path: 'orders/:orderId',
            ...remoteRoute('account', './order-detail', { nested: true }),
          },
          { path: 'credentials', ...remoteRoute('account', './credentials', { nested: true }) },
          {
            path: 'personal-information',
            ...remoteRoute('account', './personal-information', { nested: true }),
          },
        ],
      },
      { path: 'authentication', ...remoteRoute('account', './authentication') },
      { path: '*', element: <NotFound />, handle: { title: 'Page not found' } },
    ],
  },
];

/** Every route of spec §2 with the remote that owns it (used by tests and the docs). */
export const ROUTE_OWNERS: Record<string, string> = {
  '/': 'catalog',
  '/products/:id': 'catalog',
  '/collections': 'catalog',
  '/collections/fall': 'catalog',
  '/collections/spring': 'catalog',
  '/men': 'catalog',
  '/women': 'catalog',
  '/about': 'shell',
  '/contact': 'shell',
  '/checkout': 'checkout + cart',
  '/checkout/details': 'checkout',
  '/checkout-successful': 'checkout',
  '/account': 'account',
  '/account/myaccount': 'account',
  '/account/orders': 'account',
  '/account/orders/:orderId': 'account',
  '/account/credentials': 'account',
  '/account/personal-information': 'account',
  '/authentication': 'account',
};
