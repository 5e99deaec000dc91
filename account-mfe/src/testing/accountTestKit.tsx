// Test kit: the remote's routes (as the standalone page composes them) on a memory router, and
// a small in-memory stand-in for the database helpers. Tests mock @shop/shared's backend-facing
// functions with `mockSharedBackend()` and keep everything else (bus, UI parts, validation) real.
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, redirect, type RouteObject } from 'react-router-dom';
import { ROUTE_MODULES } from '../routes/routeModules';

export const ACCOUNT_UID = 'account-uid-1';

export function accountRoutes(): RouteObject[] {
  return [
    { path: '/', element: <p>Home page</p> },
    {
      path: '/account',
      ...ROUTE_MODULES['./account-layout'],
      children: [
        { index: true, loader: () => redirect('/account/myaccount') },
        { path: 'myaccount', ...ROUTE_MODULES['./my-account'] },
        { path: 'orders', ...ROUTE_MODULES['./orders'] },
        { path: 'orders/:orderId', ...ROUTE_MODULES['./order-detail'] },
        { path: 'credentials', ...ROUTE_MODULES['./credentials'] },
        { path: 'personal-information', ...ROUTE_MODULES['./personal-information'] },
        { path: 'address-book', ...ROUTE_MODULES['./address-book'] },
      ],
    },
    { path: '/authentication', ...ROUTE_MODULES['./authentication'] },
  ];
}

export function renderAt(path: string) {
  const router = createMemoryRouter(accountRoutes(), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Database contents by path ('users/validated/uid/credentials' → value). */
export const fakeDatabase = new Map<string, unknown>();

function readPath(path: string): unknown {
  if (fakeDatabase.has(path)) return fakeDatabase.get(path);
  // A parent read gathers its children (enough for the records these tests use).
  const prefix = `${path}/`;
  const children: Record<string, unknown> = {};
  for (const [key, value] of fakeDatabase) {
    if (key.startsWith(prefix)) children[key.slice(prefix.length).split('/')[0] as string] = value;
  }
  return Object.keys(children).length > 0 ? children : null;
}

export async function fakeGetData(path: string) {
  return { status: 200 as const, response: readPath(path) };
}

export async function fakeSetData(path: string, body: unknown, method = 'PUT') {
  if (method === 'PATCH' && body && typeof body === 'object') {
    const current = (readPath(path) ?? {}) as Record<string, unknown>;
    fakeDatabase.set(path, { ...current, ...body });
  } else {
    fakeDatabase.set(path, body);
  }
  return { status: 200 as const, response: body };
}
