// Test kit: the remote's routes (as the standalone page composes them) on a memory router, and
// a small in-memory stand-in for the database helpers. Tests mock @shop/shared's backend-facing
// functions with `mockSharedBackend()` and keep everything else (bus, UI parts, validation) real.
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, redirect, type RouteObject } from 'react-router-dom';
import * as accountLayout from '../routes/account-layout';
import * as addressBook from '../routes/address-book';
import * as authentication from '../routes/authentication';
import * as credentials from '../routes/credentials';
import * as myAccount from '../routes/my-account';
import * as orderDetail from '../routes/order-detail';
import * as orders from '../routes/orders';
import * as personalInformation from '../routes/personal-information';

export const ACCOUNT_UID = 'account-uid-1';

export function accountRoutes(): RouteObject[] {
  return [
    { path: '/', element: <p>Home page</p> },
    {
      path: '/account',
      ...accountLayout,
      children: [
        { index: true, loader: () => redirect('/account/myaccount') },
        { path: 'myaccount', ...myAccount },
        { path: 'orders', ...orders },
        { path: 'orders/:orderId', ...orderDetail },
        { path: 'credentials', ...credentials },
        { path: 'personal-information', ...personalInformation },
        { path: 'address-book', ...addressBook },
      ],
    },
    { path: '/authentication', ...authentication },
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
