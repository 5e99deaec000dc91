// The basket side of signing up, in and out (docs/product.md §4): the account flows of @shop/shared hand
// the basket to this remote's basket service, which merges, saves and loads it.
import {
  CART_SYNC_DEBOUNCE_MS,
  EMPTY_CART,
  basketLoaded,
  bus,
  cartActions,
  flushCartSync,
  setDatabaseFetch,
  startSession,
  stopSession,
  type ToastEvent,
} from '@shop/shared';
import { signIn, signOut, signUp } from '@shop/shared/accounts';
import { waitFor } from '@testing-library/react';
import { type Harness, line, setUpHarness, tearDownHarness } from '@shop/shared/testing';
import { startBasketService } from './basketService';

const ANON = 'users/anonymousTokens/s1/anonymousCart';
let h: Harness;

async function started(initial: unknown = null) {
  h = setUpHarness(initial);
  h.auth.setSessionUser('s1');
  startBasketService();
  await startSession();
  await basketLoaded();
}

afterEach(() => tearDownHarness());

const toasts: ToastEvent[] = [];
const toastWatch = bus.toasts$.subscribe((t) => toasts.push(t));
afterAll(() => toastWatch.unsubscribe());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('signUp', () => {
  it('writes the records of docs/product.md §7 without any password, publishes the auth state, keeps the basket', async () => {
    await started();
    cartActions.addProduct(line('a', 2));
    const result = await signUp(' New@Shop.io ', 'secret-pass');
    const uid = h.auth.accounts.get('new@shop.io')?.uid as string;
    expect(result).toEqual({
      isSignedIn: true,
      email: 'new@shop.io',
      justSignedIn: true,
      userAccountUid: uid,
    });
    expect(h.db.get(`users/validated/${uid}/credentials`)).toEqual({ email: 'new@shop.io' });
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: true });
    expect(h.db.get('users/anonymousTokens/s1/credentials')).toEqual({
      email: 'new@shop.io',
      userAccountUid: uid,
    });
    expect(JSON.stringify(h.db.dump())).not.toMatch(/password|secret-pass/);
    expect(bus.auth$.getValue()).toEqual({
      isSignedIn: true,
      email: 'new@shop.io',
      justSignedIn: false, // consumed by the cart replacement (one-shot flag)
      signedOutByLogout: false,
      userAccountUid: uid,
    });
    // the anonymous basket moved into the account, saved once
    expect(bus.cart$.getValue().products).toEqual([line('a', 2)]);
    expect(h.db.get(`users/validated/${uid}/userCart`)).toEqual({
      totalQuantity: 2,
      products: { a: line('a', 2) },
    });
    expect(h.db.writes(`users/validated/${uid}/userCart`)).toHaveLength(1);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 0 });
  });

  it('then saves later changes to the account', async () => {
    await started();
    const result = await signUp('x@shop.io', 'secret-pass');
    const uid = 'userAccountUid' in result ? result.userAccountUid : '';
    cartActions.addProduct(line('b', 1));
    await wait(CART_SYNC_DEBOUNCE_MS + 50);
    await flushCartSync();
    expect(h.db.get(`users/validated/${uid}/userCart`)).toEqual({
      totalQuantity: 1,
      products: { b: line('b', 1) },
    });
  });
});

describe('signIn', () => {
  async function withAccount() {
    await started();
    await signUp('me@shop.io', 'right-pass');
    cartActions.addProduct(line('a', 6));
    await flushCartSync();
    await signOut();
  }

  it("merges the anonymous basket into the account's (sum per line, cap 10) and saves it once", async () => {
    await withAccount();
    toasts.length = 0;
    const uid = h.auth.accounts.get('me@shop.io')?.uid as string;
    cartActions.addProduct(line('a', 7));
    cartActions.addProduct(line('c', 1, 'S'));
    await flushCartSync();
    const before = h.db.writes(`users/validated/${uid}/userCart`).length;
    const result = await signIn('me@shop.io', 'right-pass');
    expect(result).toEqual({
      isSignedIn: true,
      email: 'me@shop.io',
      justSignedIn: true,
      userAccountUid: uid,
    });
    expect(bus.cart$.getValue().products).toEqual([line('a', 10), line('c', 1, 'S')]);
    expect(h.db.get(`users/validated/${uid}/userCart`)).toEqual({
      totalQuantity: 11,
      products: { a: line('a', 10), c_S: line('c', 1, 'S') },
    });
    expect(h.db.writes(`users/validated/${uid}/userCart`).length - before).toBe(1);
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 0 });
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: true });
    // 6 + 7 of "a" became 10: said, not hidden.
    expect(toasts).toEqual([
      expect.objectContaining({
        kind: 'info',
        message:
          "Your basket and your account's basket were joined. We sell at most 10 of an item at once, so one item now holds 10.",
      }),
    ]);
  });

  it('says nothing of the limit when the joined baskets stay within it', async () => {
    await withAccount();
    cartActions.addProduct(line('a', 4));
    await flushCartSync();
    toasts.length = 0;
    await signIn('me@shop.io', 'right-pass');
    expect(bus.cart$.getValue().products).toEqual([line('a', 10)]);
    expect(toasts).toEqual([]);
  });

  it('a sign-in made while the page is still reading whose session it is stands (decision 1601)', async () => {
    await withAccount();
    const uid = h.auth.accounts.get('me@shop.io')?.uid as string;
    // The next page: its session start reads the session's record (signed out) slowly, and the
    // shopper signs in before that read answers.
    stopSession();
    cartActions.replaceCart(EMPTY_CART);
    let releaseRead: () => void = () => undefined;
    const readHeld = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    let held = false;
    setDatabaseFetch(async (input, init) => {
      const isRecordRead =
        (init?.method ?? 'GET') === 'GET' &&
        new URL(String(input)).pathname === '/users/anonymousTokens/s1.json';
      if (isRecordRead && !held) {
        held = true;
        const answer = await h.db.fetch(String(input), init);
        await readHeld; // answered as it was before the sign-in
        return answer;
      }
      return h.db.fetch(String(input), init);
    });
    startBasketService();
    const session = startSession();
    await waitFor(() => expect(held).toBe(true));
    await signIn('me@shop.io', 'right-pass');
    releaseRead();
    await session;
    expect(bus.auth$.getValue()).toMatchObject({ isSignedIn: true, userAccountUid: uid });
    cartActions.addProduct(line('beanie', 1));
    await flushCartSync();
    expect(h.db.get(`users/validated/${uid}/userCart`)).toEqual({
      totalQuantity: 7,
      products: { a: line('a', 6), beanie: line('beanie', 1) },
    });
    expect(h.db.get(ANON)).toEqual({ totalQuantity: 0 });
  });
});

describe('signOut', () => {
  it('marks the session signed out, publishes the flags and loads the anonymous basket without uploading', async () => {
    await started();
    await signUp('out@shop.io', 'secret-pass');
    cartActions.addProduct(line('k', 2));
    h.db.set(ANON, { totalQuantity: 1, products: { anon: line('anon', 1) } });
    const authStates: boolean[] = [];
    const sub = bus.auth$.subscribe((a) => authStates.push(a.signedOutByLogout));
    const writesBefore = h.db.writes(ANON).length;
    await signOut();
    sub.unsubscribe();
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: false });
    expect(h.auth.accountUser()).toBeNull();
    expect(authStates).toContain(true);
    expect(bus.auth$.getValue()).toEqual({
      isSignedIn: false,
      email: '',
      signedOutByLogout: false, // consumed by the anonymous cart load
      justSignedIn: false,
      userAccountUid: '',
    });
    expect(bus.cart$.getValue().products).toEqual([line('anon', 1)]);
    await wait(CART_SYNC_DEBOUNCE_MS + 50);
    expect(h.db.writes(ANON).length).toBe(writesBefore);
    // the account's basket was flushed before signing out
    const uid = h.auth.accounts.get('out@shop.io')?.uid as string;
    expect(h.db.get(`users/validated/${uid}/userCart`)).toEqual({
      totalQuantity: 2,
      products: { k: line('k', 2) },
    });
  });
});
