// Test kit: the back office's routes (as the standalone page composes them) on a memory router,
// the shared fakes at the database's and the identity service's boundaries, and a stand-in for
// the shop's functions at the network boundary (`fetch`), answering what each test scripts.
import { publishRouteLists, routesFromList, setAuth } from '@shop/shared';
import { type Harness, setUpHarness, tearDownHarness } from '@shop/shared/testing';
import type { StaffOrderRecord, StaffRole } from '@shop/shared/staff/staffVocabulary';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { ROUTE_LIST, ROUTE_MODULES } from '../routes/routeModules';
import { forgetStaffChecks } from '../staff/staffMember';

export const MEMBER = { uid: 'member-1', email: 'fran@threadline.test' };

/** Where the shop's sign-in page is in these tests (another team's, reached by its role). */
export const SIGN_IN_PATH = '/sign-in-here';

export function backofficeRoutes(): RouteObject[] {
  return [
    {
      // What shows while the first page's loaders run (the shell's layout, in the shop).
      HydrateFallback: () => <p>Loading…</p>,
      children: [
        { path: '/', element: <p>Home page</p> },
        { path: SIGN_IN_PATH, element: <p>Sign-in page</p> },
        ...routesFromList(ROUTE_LIST, ROUTE_MODULES),
      ],
    },
  ];
}

export function renderAt(path: string) {
  const router = createMemoryRouter(backofficeRoutes(), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** A function call the page made: its name, query and body. */
export interface FunctionCall {
  name: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Reply = { status: number; body: unknown };

/** The shop's functions as the tests script them: `answer(name, …)` replies in order. */
export function fakeFunctions() {
  const calls: FunctionCall[] = [];
  const replies = new Map<string, Reply[]>();
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input));
    const name = url.pathname.split('/').at(-1) ?? '';
    const headers = new Headers(init.headers);
    calls.push({
      name,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    });
    const reply = replies.get(name)?.shift();
    if (!reply) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    calls,
    answer(name: string, status: number, body: unknown) {
      replies.set(name, [...(replies.get(name) ?? []), { status, body }]);
    },
    restore: () => spy.mockRestore(),
  };
}

let harness: Harness | null = null;

/** The fakes, and a visitor who is not signed in. */
export function setUpBackoffice(): Harness {
  forgetStaffChecks();
  publishRouteLists({
    account: [{ path: SIGN_IN_PATH, roles: { 'sign-in': `${SIGN_IN_PATH}?mode=signin` } }],
  });
  harness = setUpHarness();
  return harness;
}

export function tearDownBackoffice(): void {
  tearDownHarness();
  harness = null;
}

/**
 * The fakes set up before each test of the file and torn down after: `fakes.functions` and
 * `fakes.harness` are the running test's.
 */
export function backofficeFakesEachTest() {
  const fakes = {} as { functions: ReturnType<typeof fakeFunctions>; harness: Harness };
  beforeEach(() => {
    fakes.harness = setUpBackoffice();
    fakes.functions = fakeFunctions();
  });
  afterEach(() => {
    fakes.functions.restore();
    tearDownBackoffice();
  });
  return fakes;
}

/** `MEMBER` signed in, with a staff record granting `roles` (none: a shopper's account). */
export function signInMember(roles: StaffRole[]): void {
  if (!harness) throw new Error('setUpBackoffice() first');
  harness.auth.setAccountUser(MEMBER.uid, MEMBER.email);
  if (roles.length > 0) {
    harness.db.set(`staff/${MEMBER.uid}`, {
      email: MEMBER.email,
      roles: Object.fromEntries(roles.map((role) => [role, true])),
    });
  }
  setAuth({ isSignedIn: true, email: MEMBER.email, userAccountUid: MEMBER.uid });
}

/** An order as the `staffOrder` function answers it. */
export function storedOrder(overrides: Partial<StaffOrderRecord> = {}): StaffOrderRecord {
  return {
    id: '-Nbackoffice00000001',
    number: 'TL-7F3K2Q',
    status: 'placed',
    timestamp: Date.UTC(2026, 11, 1, 9, 30),
    products: [
      {
        id: 'canvas-tote',
        name: 'Canvas tote',
        imageUrl: '/images/products/canvas-tote.svg',
        alt: 'A canvas tote',
        annotation: 'Accessories',
        originalPrice: 30,
        discountedPrice: 25,
        quantity: 2,
        size: 'M',
      },
    ],
    discount: { isDiscount: false, discountType: '', discountCode: '' },
    totalPrice: 59.99,
    totalQuantity: 2,
    shipment: 9.99,
    paymentMethod: 'bank transfer',
    personalInformation: {
      address: '12 Rua Augusta',
      city: 'Lisbon',
      country: 'Portugal',
      email: 'jane@example.com',
      name: 'Jane Doe',
      tel: '+35 123 456 789',
      zipCode: '1100',
    },
    ...overrides,
  };
}
