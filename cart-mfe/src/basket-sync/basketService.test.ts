import { bus, raiseError, cartActions, EMPTY_CART, stopSession } from '@shop/shared';
import {
  type Harness,
  line,
  setUpHarness,
  tearDownHarness,
  useSyncTimers,
} from '@shop/shared/testing';
import { startSession } from '../testing/sessionForTests';
import { startSession as startSessionOnly } from '@shop/shared';

let h: Harness;
afterEach(() => tearDownHarness());

describe('cart sync on start (docs/product.md §4)', () => {
  it('creates an empty anonymous cart when the token has no record', async () => {
    h = setUpHarness();
    await startSession();
    expect(h.auth.anonymousSignIns).toBe(1);
    expect(h.db.writes()).toEqual([
      {
        method: 'PUT',
        path: 'users/anonymousTokens/session1/anonymousCart',
        token: 'token:session1',
        body: { totalQuantity: 0 },
      },
    ]);
    expect(h.db.get('users/anonymousTokens/session1/anonymousCart')).toEqual({ totalQuantity: 0 });
    expect(bus.cart$.getValue().totalQuantity).toBe(0);
    expect(bus.error$.getValue().isError).toBe(false);
    expect(bus.loading$.getValue().isLoading).toBe(false);
  });

  it("raises 'Couldn't connect to the server. Response code: {status}' when creating fails", async () => {
    h = setUpHarness();
    h.db.failNext(1, 503, (r) => r.method === 'PUT');
    await startSession();
    expect(bus.error$.getValue()).toEqual({
      isError: true,
      message: {
        content: 'Unable to load cart data',
        error: "Couldn't connect to the server. Response code: 503",
      },
    });
  });

  it('loads the anonymous cart and does not upload it back', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: {
            isSignedIn: { status: false },
            anonymousCart: {
              totalQuantity: 3,
              products: { a: line('a', 1), b_M: line('b', 2, 'M') },
            },
          },
        },
      },
    });
    h.auth.setSessionUser('s1');
    await startSession();
    expect(h.auth.anonymousSignIns).toBe(0); // the persisted session is reused
    expect(bus.cart$.getValue().products).toEqual([line('a', 1), line('b', 2, 'M')]);
    expect(bus.cart$.getValue().totalQuantity).toBe(3);
    expect(h.db.writes()).toEqual([]);
    expect(bus.auth$.getValue().isSignedIn).toBe(false);
  });

  it('restores the signed-in state with the stored email, loads the account cart, clears the error', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: {
            isSignedIn: { status: true },
            credentials: { email: 'stored@shop.io', userAccountUid: 'acc1' },
            anonymousCart: { totalQuantity: 0 },
          },
        },
        validated: { acc1: { userCart: { totalQuantity: 4, products: { a: line('a', 4) } } } },
      },
    });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'sdk@shop.io');
    raiseError('Something old', 'x');
    await startSession();
    expect(bus.auth$.getValue()).toEqual({
      isSignedIn: true,
      email: 'stored@shop.io',
      justSignedIn: false,
      signedOutByLogout: false,
      userAccountUid: 'acc1',
    });
    expect(bus.cart$.getValue().products).toEqual([line('a', 4)]);
    expect(bus.error$.getValue().isError).toBe(false);
    expect(h.db.requests.find((r) => r.path === 'users/validated/acc1/userCart')?.token).toBe(
      'token:acc1',
    );
    expect(h.db.writes()).toEqual([]);
  });

  it('falls back to the anonymous cart (and repairs the record) when no account is signed in here', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: {
            isSignedIn: { status: true },
            credentials: { email: 'a@b.co', userAccountUid: 'acc1' },
            anonymousCart: { totalQuantity: 2, products: { q: line('q', 2) } },
          },
        },
      },
    });
    h.auth.setSessionUser('s1');
    await startSession();
    expect(bus.auth$.getValue().isSignedIn).toBe(false);
    expect(bus.cart$.getValue().products).toEqual([line('q', 2)]);
    await Promise.resolve();
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: false });
  });

  it("raises 'Unable to load cart data' with the server's message when the record cannot be read", async () => {
    h = setUpHarness();
    h.auth.setSessionUser('s1');
    h.db.failNext(2, 401);
    await startSession();
    // a 401 is retried once with a forced token refresh
    expect(h.auth.tokenRequests.map((t) => t.forceRefresh)).toEqual([false, true]);
    expect(bus.error$.getValue().message).toEqual({
      content: 'Unable to load cart data',
      error: 'Injected failure 401',
    });
    expect(bus.loading$.getValue().isLoading).toBe(false);
  });

  it('reports a failed anonymous sign-in as a generic error and allows a later retry', async () => {
    h = setUpHarness();
    h.auth.failAnonymous = true;
    await startSession();
    expect(bus.error$.getValue().message).toEqual({
      content: 'Unable to load cart data',
      error: 'Anonymous sign-in failed.',
    });
    h.auth.failAnonymous = false;
    await startSession();
    expect(h.auth.anonymousSignIns).toBe(2);
    expect(h.db.get('users/anonymousTokens/session1')).toEqual({
      anonymousCart: { totalQuantity: 0 },
    });
  });

  it('is idempotent: several apps calling it start one session', async () => {
    h = setUpHarness();
    const a = startSessionOnly();
    const b = startSessionOnly();
    expect(b).toBe(a);
    await Promise.all([a, b, startSession()]);
    expect(h.auth.anonymousSignIns).toBe(1);
    expect(h.db.writes()).toHaveLength(1);
  });

  it('merges a basket changed while loading into the server copy and sends it', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: { anonymousCart: { totalQuantity: 1, products: { a: line('a', 1) } } },
        },
      },
    });
    h.auth.setSessionUser('s1');
    const started = startSession();
    cartActions.addProduct(line('b', 2));
    await started;
    expect(bus.cart$.getValue().products).toEqual([line('a', 1), line('b', 2)]);
    expect(h.db.get('users/anonymousTokens/s1/anonymousCart')).toEqual({
      totalQuantity: 3,
      products: { a: line('a', 1), b: line('b', 2) },
    });
  });

  it('keeps what the shopper put in the basket before the session started, and sends it', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: { anonymousCart: { totalQuantity: 1, products: { a: line('a', 1) } } },
        },
      },
    });
    h.auth.setSessionUser('s1');
    cartActions.addProduct(line('b', 2));
    await startSession();
    expect(bus.cart$.getValue().products).toEqual([line('a', 1), line('b', 2)]);
    expect(h.db.get('users/anonymousTokens/s1/anonymousCart')).toEqual({
      totalQuantity: 3,
      products: { a: line('a', 1), b: line('b', 2) },
    });
  });
});

describe('a session started after the first page (decision 0502)', () => {
  const KEPT = 'shop:cart-before-session';

  it('waits for `after`, unless someone needs the session at once', async () => {
    h = setUpHarness();
    let paint!: () => void;
    const painted = new Promise<void>((resolve) => (paint = resolve));
    const started = startSession({ after: painted });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.auth.anonymousSignIns).toBe(0);
    paint();
    await started;
    expect(h.auth.anonymousSignIns).toBe(1);

    tearDownHarness();
    h = setUpHarness();
    const deferred = startSession({ after: new Promise(() => undefined) }); // never paints
    await startSession(); // the checkout needs it now
    await deferred;
    expect(h.auth.anonymousSignIns).toBe(1);
  });

  it('keeps basket changes made before the session across a reload, then merges and sends them', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: { anonymousCart: { totalQuantity: 1, products: { a: line('a', 1) } } },
        },
      },
    });
    h.auth.setSessionUser('s1');
    // First page: the shopper adds a line, then leaves before the session started.
    void startSession({ after: new Promise(() => undefined) });
    cartActions.addProduct(line('b', 2));
    expect(JSON.parse(localStorage.getItem(KEPT) ?? 'null')).toMatchObject({ totalQuantity: 2 });
    stopSession();
    bus.cart$.next(EMPTY_CART);

    // Next page: the kept basket is back at once, and the session merges it into the server copy.
    const started = startSession({ after: Promise.resolve() });
    expect(bus.cart$.getValue().products).toEqual([line('b', 2)]);
    await started;
    expect(bus.cart$.getValue().products).toEqual([line('a', 1), line('b', 2)]);
    expect(h.db.get('users/anonymousTokens/s1/anonymousCart')).toEqual({
      totalQuantity: 3,
      products: { a: line('a', 1), b: line('b', 2) },
    });
    expect(localStorage.getItem(KEPT)).toBeNull();
  });
});

describe('a line never goes to the wrong basket (decision 1601: the lost basket line)', () => {
  const SIGNED_IN_SESSION = {
    isSignedIn: { status: true },
    credentials: { email: 'jane@shop.io', userAccountUid: 'acc1' },
  };

  it("moves lines a signed-in session's anonymous basket holds into the account, once", async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: {
            ...SIGNED_IN_SESSION,
            anonymousCart: {
              totalQuantity: 2,
              products: { beanie: line('beanie', 1), a: line('a', 1) },
            },
          },
        },
        validated: { acc1: { userCart: { totalQuantity: 3, products: { a: line('a', 3) } } } },
      },
    });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'jane@shop.io');
    await startSession();
    expect(bus.cart$.getValue().products).toEqual([line('a', 3), line('beanie', 1)]);
    expect(h.db.get('users/validated/acc1/userCart')).toEqual({
      totalQuantity: 4,
      products: { a: line('a', 3), beanie: line('beanie', 1) },
    });
    expect(h.db.get('users/anonymousTokens/s1/anonymousCart')).toEqual({ totalQuantity: 0 });

    // The next page: nothing stray any more, nothing written, nothing counted twice.
    stopSession();
    bus.cart$.next(EMPTY_CART);
    const writesBefore = h.db.writes().length;
    await startSession();
    expect(bus.cart$.getValue().totalQuantity).toBe(4);
    expect(h.db.writes()).toHaveLength(writesBefore);
  });

  it('leaves the stray lines in place when the account cannot be written, and counts none twice later', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: {
            ...SIGNED_IN_SESSION,
            anonymousCart: { totalQuantity: 1, products: { b: line('b', 1) } },
          },
        },
        validated: { acc1: { userCart: { totalQuantity: 1, products: { b: line('b', 1) } } } },
      },
    });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'jane@shop.io');
    h.db.failNext(
      1,
      503,
      (r) => r.method === 'PATCH' && r.path === 'users/validated/acc1/userCart',
    );
    await startSession();
    // b is in both: the larger quantity is kept, not the sum.
    expect(bus.cart$.getValue().products).toEqual([line('b', 1)]);
    expect(h.db.get('users/anonymousTokens/s1/anonymousCart')).toEqual({
      totalQuantity: 1,
      products: { b: line('b', 1) },
    });

    stopSession();
    bus.cart$.next(EMPTY_CART);
    await startSession();
    expect(h.db.get('users/validated/acc1/userCart')).toEqual({
      totalQuantity: 1,
      products: { b: line('b', 1) },
    });
    expect(h.db.get('users/anonymousTokens/s1/anonymousCart')).toEqual({ totalQuantity: 0 });
  });

  it('sends nothing anywhere while whose basket it is cannot be read, and loads it into the right one later', async () => {
    useSyncTimers();
    h = setUpHarness({
      users: {
        anonymousTokens: { s1: { ...SIGNED_IN_SESSION, anonymousCart: { totalQuantity: 0 } } },
        validated: { acc1: { userCart: { totalQuantity: 0 } } },
      },
    });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'jane@shop.io');
    const isRecordRead = (r: { method: string; path: string }) =>
      r.method === 'GET' && r.path === 'users/anonymousTokens/s1';
    h.db.failNext(1, 'network', isRecordRead);
    cartActions.addProduct(line('beanie', 1)); // added on the page before the session loaded
    await startSession();
    expect(bus.error$.getValue().message.content).toBe('Unable to load cart data');
    expect(h.db.writes()).toEqual([]);
    expect(bus.cart$.getValue().products).toEqual([line('beanie', 1)]);
    // Kept for the next page too, should the shopper leave now.
    expect(JSON.parse(localStorage.getItem('shop:cart-before-session') ?? 'null')).toMatchObject({
      totalQuantity: 1,
    });

    await jest.advanceTimersByTimeAsync(2000);
    await jest.runOnlyPendingTimersAsync();
    expect(bus.auth$.getValue().isSignedIn).toBe(true);
    expect(h.db.get('users/validated/acc1/userCart')).toEqual({
      totalQuantity: 1,
      products: { beanie: line('beanie', 1) },
    });
    expect(h.db.writes('users/anonymousTokens/s1/anonymousCart')).toEqual([]);
    expect(localStorage.getItem('shop:cart-before-session')).toBeNull();
  });

  it('includes an unsent anonymous basket of this session when the account loads', async () => {
    h = setUpHarness({
      users: {
        anonymousTokens: { s1: { ...SIGNED_IN_SESSION, anonymousCart: { totalQuantity: 0 } } },
        validated: { acc1: { userCart: { totalQuantity: 1, products: { a: line('a', 1) } } } },
      },
    });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'jane@shop.io');
    localStorage.setItem(
      'shop:cart-pending:s1',
      JSON.stringify({
        path: 'users/anonymousTokens/s1/anonymousCart',
        cart: { totalQuantity: 2, products: { beanie: line('beanie', 2) } },
        stamp: 1,
      }),
    );
    await startSession();
    expect(h.db.get('users/validated/acc1/userCart')).toEqual({
      totalQuantity: 3,
      products: { a: line('a', 1), beanie: line('beanie', 2) },
    });
    expect(localStorage.getItem('shop:cart-pending:s1')).toBeNull();
  });
});
