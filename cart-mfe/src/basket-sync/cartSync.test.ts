import { bus, setAuth, cartActions, CART_SYNC_DEBOUNCE_MS, stopSession } from '@shop/shared';
import {
  type Harness,
  line,
  setUpHarness,
  tearDownHarness,
  useSyncTimers,
} from '@shop/shared/testing';
import { flushCartSync, hasPendingCartUpload } from './cartSync';
import { TAB_CHANNEL_NAME } from './crossTab';
import { pendingKey } from './pendingUploads';
import { startSession } from '../testing/sessionForTests';

const ANON = 'users/anonymousTokens/s1/anonymousCart';
const ACCOUNT = 'users/validated/acc1/userCart';
let h: Harness;

async function started(initial: Parameters<typeof setUpHarness>[0] = null) {
  h = setUpHarness(initial);
  h.auth.setSessionUser('s1');
  await startSession();
  h.db.requests.length = 0;
}

beforeEach(() => useSyncTimers());
afterEach(() => {
  tearDownHarness();
  jest.useRealTimers();
});

describe('cart sync on change (docs/product.md §4)', () => {
  it('ignores the first run: nothing is sent without a change', async () => {
    await started({ users: { anonymousTokens: { s1: { anonymousCart: { totalQuantity: 0 } } } } });
    await jest.advanceTimersByTimeAsync(5000);
    expect(h.db.writes()).toEqual([]);
  });

  it('saves a signed-out basket to the anonymous cart after the debounce', async () => {
    await started();
    cartActions.addProduct(line('a', 2));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS - 1);
    expect(h.db.writes()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    // The lines that changed, not the whole basket (decision 4201).
    expect(h.db.writes()).toEqual([
      {
        method: 'PATCH',
        path: ANON,
        token: 'token:s1',
        body: { totalQuantity: 2, 'products/a': line('a', 2) },
      },
    ]);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 2, products: { a: line('a', 2) } });
  });

  it('sends a burst of quantity clicks once, with the last state', async () => {
    await started();
    cartActions.addProduct(line('a', 1));
    for (let q = 2; q <= 10; q += 1) {
      await jest.advanceTimersByTimeAsync(100);
      cartActions.setQuantity('a', q);
    }
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(h.db.writes()).toHaveLength(1);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 10, products: { a: line('a', 10) } });
  });

  it("saves a signed-in user's basket to the account cart with the account token", async () => {
    await started();
    h.auth.setAccountUser('acc1', 'a@b.co');
    setAuth({ isSignedIn: true, email: 'a@b.co', userAccountUid: 'acc1' });
    cartActions.addProduct(line('x', 1, 'L'));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(h.db.writes()).toEqual([
      {
        method: 'PATCH',
        path: ACCOUNT,
        token: 'token:acc1',
        body: { totalQuantity: 1, 'products/x_L': line('x', 1, 'L') },
      },
    ]);
  });

  it('after sign-in skips the next upload once and clears justSignedIn', async () => {
    await started();
    h.auth.setAccountUser('acc1', 'a@b.co');
    setAuth({ isSignedIn: true, email: 'a@b.co', userAccountUid: 'acc1', justSignedIn: true });
    cartActions.replaceCart({ ...bus.cart$.getValue(), products: [line('a', 1)] });
    expect(bus.auth$.getValue().justSignedIn).toBe(false);
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS * 2);
    expect(h.db.writes()).toEqual([]);
    cartActions.addProduct(line('a', 1));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(h.db.writes().map((w) => w.path)).toEqual([ACCOUNT]);
  });

  it('after logout skips the next anonymous upload once and clears signedOutByLogout', async () => {
    await started();
    setAuth({ isSignedIn: false, signedOutByLogout: true });
    cartActions.replaceCart({ ...bus.cart$.getValue(), products: [line('a', 3)] });
    expect(bus.auth$.getValue().signedOutByLogout).toBe(false);
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS * 2);
    expect(h.db.writes()).toEqual([]);
    cartActions.removeItem('a', 1);
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 2, products: { a: line('a', 2) } });
  });

  it("raises 'Unable to send cart data' / 'Server response code: {status}' and retries with back-off", async () => {
    await started();
    h.db.failNext(2, 503);
    cartActions.addProduct(line('a', 1));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(bus.error$.getValue()).toEqual({
      isError: true,
      message: { content: 'Unable to send cart data', error: 'Server response code: 503' },
    });
    expect(hasPendingCartUpload()).toBe(true);
    await jest.advanceTimersByTimeAsync(1000); // first retry after 1 s: fails again
    expect(h.db.writes()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1999);
    expect(h.db.writes()).toHaveLength(2); // second retry waits 2 s
    await jest.advanceTimersByTimeAsync(1);
    expect(h.db.writes()).toHaveLength(3);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 1, products: { a: line('a', 1) } });
    expect(bus.error$.getValue().isError).toBe(false);
    expect(hasPendingCartUpload()).toBe(false);
    expect(localStorage.getItem(pendingKey('s1'))).toBeNull();
  });

  it('reports a network failure with its message', async () => {
    await started();
    h.db.failNext(1, 'network');
    cartActions.addProduct(line('a', 1));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(bus.error$.getValue().message).toEqual({
      content: 'Unable to send cart data',
      error: "Couldn't reach the database: fetch failed",
    });
  });

  it('keeps an unsent basket across a reload; on start it wins over the server copy and is sent', async () => {
    await started({
      users: {
        anonymousTokens: {
          s1: { anonymousCart: { totalQuantity: 1, products: { old: line('old', 1) } } },
        },
      },
    });
    h.db.offline = true;
    cartActions.addProduct(line('new', 4));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    expect(JSON.parse(localStorage.getItem(pendingKey('s1')) ?? 'null')).toMatchObject({
      path: ANON,
      cart: { totalQuantity: 5 },
    });
    // "reload": the page's state is gone, localStorage and the server remain
    stopSession();
    cartActions.reset();
    h.db.offline = false;
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 1, products: { old: line('old', 1) } });
    await startSession();
    expect(bus.cart$.getValue().products).toEqual([line('old', 1), line('new', 4)]);
    expect(h.db.get(ANON)).toEqual({
      totalQuantity: 5,
      products: { old: line('old', 1), new: line('new', 4) },
    });
    expect(localStorage.getItem(pendingKey('s1'))).toBeNull();
  });

  it("keeps a signed-in shopper's unsent basket when the account's basket cannot be loaded", async () => {
    const record = { isSignedIn: { status: true }, credentials: { userAccountUid: 'acc1' } };
    h = setUpHarness({ users: { anonymousTokens: { s1: record } } });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'a@b.co');
    // A page left while its upload was on the way: the basket waits in localStorage.
    const unsent = { totalQuantity: 2, products: { beanie: line('beanie', 2) } };
    localStorage.setItem(
      pendingKey('s1'),
      JSON.stringify({ path: ACCOUNT, cart: unsent, stamp: 1 }),
    );
    h.db.failNext(1, 500, (r) => r.path === ACCOUNT && r.method === 'GET');
    await startSession();
    // The load failed (the error is raised), but the basket is neither dropped nor hidden: it is
    // the newest state of the account's basket, so it is shown and sent there.
    expect(bus.error$.getValue().isError).toBe(true);
    expect(bus.cart$.getValue().products).toEqual([line('beanie', 2)]);
    expect(h.db.get(ACCOUNT)).toEqual(unsent);
    expect(localStorage.getItem(pendingKey('s1'))).toBeNull();
  });

  it('keeps a pending basket of another identity while the load fails, for the next load', async () => {
    h = setUpHarness(null);
    h.auth.setSessionUser('s1');
    const unsent = { totalQuantity: 1, products: { cap: line('cap', 1) } };
    localStorage.setItem(
      pendingKey('s1'),
      JSON.stringify({ path: ACCOUNT, cart: unsent, stamp: 1 }),
    );
    h.db.offline = true; // nothing can be read: whose basket it is stays unknown
    await startSession();
    expect(JSON.parse(localStorage.getItem(pendingKey('s1')) ?? 'null')).toMatchObject({
      path: ACCOUNT,
    });
  });

  it('retries at once when the browser comes back online', async () => {
    await started();
    h.db.offline = true;
    cartActions.addProduct(line('a', 1));
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    h.db.offline = false;
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 1, products: { a: line('a', 1) } });
  });

  it('flushCartSync sends the debounced state now and resolves after the answer', async () => {
    await started();
    cartActions.addProduct(line('a', 1));
    cartActions.addProduct(line('b', 1));
    await flushCartSync();
    expect(h.db.writes()).toHaveLength(1);
    expect(h.db.get(ANON)).toEqual({
      totalQuantity: 2,
      products: { a: line('a', 1), b: line('b', 1) },
    });
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS * 3);
    expect(h.db.writes()).toHaveLength(1);
    await expect(flushCartSync()).resolves.toBeUndefined();
  });

  it('sends a change made while an upload is in flight after it', async () => {
    await started();
    cartActions.addProduct(line('a', 1));
    const first = flushCartSync();
    cartActions.addProduct(line('a', 1));
    await first;
    await jest.advanceTimersByTimeAsync(CART_SYNC_DEBOUNCE_MS);
    await flushCartSync();
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 2, products: { a: line('a', 2) } });
  });
});

describe('per-line writes (decision 4201)', () => {
  it('writes a removed line as null and leaves the unchanged lines alone', async () => {
    await started({
      users: {
        anonymousTokens: {
          s1: {
            anonymousCart: { totalQuantity: 3, products: { a: line('a', 1), b: line('b', 2) } },
          },
        },
      },
    });
    cartActions.removeItem('a', 1);
    cartActions.setQuantity('b', 3);
    await flushCartSync();
    expect(h.db.writes().map((w) => [w.method, w.body])).toEqual([
      ['PATCH', { 'products/a': null, 'products/b': line('b', 3), totalQuantity: 3 }],
    ]);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 3, products: { b: line('b', 3) } });
  });

  it('keeps a line another tab stored meanwhile (a whole-basket PUT lost it)', async () => {
    await started({
      users: { anonymousTokens: { s1: { anonymousCart: { totalQuantity: 0 } } } },
    });
    // Another tab of the session stored its line; this tab has not heard of it yet.
    h.db.set(`${ANON}/products/b`, line('b', 2));
    cartActions.addProduct(line('a', 1));
    await flushCartSync();
    expect(h.db.get(`${ANON}/products`)).toEqual({ a: line('a', 1), b: line('b', 2) });
    // The next change sends only what changed since the last answer.
    cartActions.setQuantity('a', 4);
    await flushCartSync();
    expect(h.db.writes().at(-1)?.body).toEqual({ 'products/a': line('a', 4), totalQuantity: 4 });
    expect(h.db.get(`${ANON}/products`)).toEqual({ a: line('a', 4), b: line('b', 2) });
  });

  it('retries a failed write with the same lines, and adds later changes to them', async () => {
    await started();
    h.db.failNext(1, 503);
    cartActions.addProduct(line('a', 1));
    await flushCartSync();
    cartActions.addProduct(line('b', 1));
    await flushCartSync();
    expect(h.db.writes().at(-1)?.body).toEqual({
      'products/a': line('a', 1),
      'products/b': line('b', 1),
      totalQuantity: 2,
    });
    expect(h.db.get(ANON)).toEqual({
      totalQuantity: 2,
      products: { a: line('a', 1), b: line('b', 1) },
    });
  });
});

describe('another tab of the same session', () => {
  it("keeps this tab's unsent line when another tab changes a different one at the same time", async () => {
    jest.useRealTimers();
    await started();
    cartActions.addProduct(line('a', 1)); // ours, waiting for the debounce
    const otherTab = new BroadcastChannel(TAB_CHANNEL_NAME);
    const arrived = new Promise<void>((resolve) => {
      const sub = bus.cart$.subscribe((c) => {
        if (c.products.some((p) => p.id === 'b')) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    // The other tab's own change: its line b (it writes it itself), sent with its whole basket.
    otherTab.postMessage({
      type: 'cart',
      sessionUid: 's1',
      path: ANON,
      cart: { totalQuantity: 2, products: { b: line('b', 2) } },
      changes: { lines: { b: line('b', 2) } },
      from: 'other-tab',
    });
    await arrived;
    otherTab.close();
    expect(bus.cart$.getValue().products).toEqual([line('a', 1), line('b', 2)]);
    await flushCartSync();
    // Only our line is sent: b is the other tab's to write.
    expect(h.db.writes().map((w) => w.body)).toEqual([
      { 'products/a': line('a', 1), totalQuantity: 3 },
    ]);
  });

  it('shows a basket changed in another tab without uploading it again', async () => {
    jest.useRealTimers();
    await started();
    const otherTab = new BroadcastChannel(TAB_CHANNEL_NAME);
    const arrived = new Promise<void>((resolve) => {
      const sub = bus.cart$.subscribe((c) => {
        if (c.totalQuantity === 3) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    otherTab.postMessage({
      type: 'cart',
      sessionUid: 's1',
      path: ANON,
      cart: { totalQuantity: 3, products: { t: line('t', 3) } },
      from: 'other-tab',
    });
    await arrived;
    otherTab.close();
    expect(bus.cart$.getValue().products).toEqual([line('t', 3)]);
    await new Promise((r) => setTimeout(r, CART_SYNC_DEBOUNCE_MS + 50));
    expect(h.db.writes()).toEqual([]);
  });

  it('tells other tabs about local changes', async () => {
    jest.useRealTimers();
    await started();
    const otherTab = new BroadcastChannel(TAB_CHANNEL_NAME);
    const received = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event: MessageEvent) => resolve(event.data);
    });
    cartActions.addProduct(line('z', 2));
    expect(await received).toMatchObject({
      type: 'cart',
      sessionUid: 's1',
      path: ANON,
      cart: { totalQuantity: 2, products: { z: line('z', 2) } },
      changes: { lines: { z: line('z', 2) } },
    });
    otherTab.close();
    await flushCartSync();
  });
});
