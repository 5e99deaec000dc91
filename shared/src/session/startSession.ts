// Session start (spec §4 "Cart sync on start"), once per page whichever apps call it:
// device watch → anonymous sign-in (token id) → GET users/anonymousTokens/{token} →
//   none: PUT .../anonymousCart {totalQuantity: 0} (non-200: "Couldn't connect to the server.
//         Response code: {status}");
//   isSignedIn.status and the account instance signed in: restore the signed-in state with the
//         stored email, load users/validated/{uid}/userCart, replace the local cart, clear the error;
//   otherwise: load the anonymous cart.
// Any load failure raises 'Unable to load cart data' with the message. Then sync on change.
import { bus } from '../bus/bus';
import { startDeviceWatch, stopDeviceWatch } from '../bus/device';
import { clearError, raiseError, setAuth, setLoading } from '../bus/publishers';
import type { Subscription } from 'rxjs';
import { EMPTY_CART, fromServerCart, toServerCart } from '../cart/cartDomain';
import { cartActions } from '../cart/cartStore';
import { MESSAGES } from '../constants';
import { getAuthBackend } from '../firebase/authBackend';
import { getData, setData } from '../firebase/database';
import { signInAnonymouslyForToken } from '../firebase/identity';
import type { AnonymousTokenRecord, Cart, ServerCart } from '../types';
import {
  accountCartPath,
  anonymousCartPath,
  beginCartSync,
  finishCartLoad,
  stopCartSync,
} from './cartSync';
import {
  clearBasketBeforeSession,
  readBasketBeforeSession,
  writeBasketBeforeSession,
} from './pendingStore';

const SESSION_KEY = '__SHOP_SESSION__';
const RELEASE_KEY = '__SHOP_SESSION_RELEASE__';
type Holder = typeof globalThis & {
  [SESSION_KEY]?: Promise<void>;
  [RELEASE_KEY]?: () => void;
};

export interface StartSessionOptions {
  /**
   * Start only once this settles (the shell passes "the first page has painted", so the identity
   * SDK never holds up the first page). A later call without it starts the session at once.
   */
  after?: Promise<unknown>;
}

/**
 * Starts the page's session: idempotent (the first call does the work, every later call, from
 * any app or copy of the package, gets the same promise). Never rejects: failures are published
 * on bus.error$. After a failed start a later call tries again. Until the session has loaded the
 * basket, the shopper's changes are kept in localStorage, so leaving the page loses none.
 */
export function startSession({ after }: StartSessionOptions = {}): Promise<void> {
  const holder = globalThis as Holder;
  if (!holder[SESSION_KEY]) {
    keepBasketUntilSession();
    const released = new Promise<void>((resolve) => {
      holder[RELEASE_KEY] = resolve;
    });
    holder[SESSION_KEY] = released.then(runSession).catch((error: unknown) => {
      delete holder[SESSION_KEY];
      raiseError(MESSAGES.cartLoadFailed, error);
    });
    if (after) void after.then(holder[RELEASE_KEY], holder[RELEASE_KEY]);
  }
  if (!after) holder[RELEASE_KEY]?.();
  return holder[SESSION_KEY];
}

/** Stops the session (sync, device watch) so startSession() starts afresh (tests, hot reload). */
export function stopSession(): void {
  stopCartSync();
  stopDeviceWatch();
  keeping?.unsubscribe(); // what it kept stays for the next start
  keeping = null;
  const holder = globalThis as Holder;
  delete holder[SESSION_KEY];
  delete holder[RELEASE_KEY];
}

let keeping: Subscription | null = null;

/**
 * Before the session: restores the basket a previous page kept (the session then merges it into
 * the loaded one) and keeps every change the shopper makes until the session takes over.
 */
function keepBasketUntilSession(): void {
  if (keeping) return;
  const kept = readBasketBeforeSession();
  if (kept && bus.cart$.getValue() === EMPTY_CART) cartActions.replaceCart(fromServerCart(kept));
  let first = true;
  keeping = bus.cart$.subscribe((cart) => {
    if (first) {
      first = false; // the value it holds now is already kept (or empty)
      return;
    }
    writeBasketBeforeSession(toServerCart(cart));
  });
}

/** The session's sync now keeps the basket (its own pending upload, per session). */
function stopKeepingBasket(): void {
  keeping?.unsubscribe();
  keeping = null;
  clearBasketBeforeSession();
}

async function runSession(): Promise<void> {
  startDeviceWatch();
  setLoading(true);
  // Nothing loads the basket before the session does, so anything in it now was put there by the
  // shopper (the shell starts the session after the first page, decision 0502): a change to merge.
  const cartAtStart = EMPTY_CART;
  try {
    const sessionUid = await signInAnonymouslyForToken();
    beginCartSync(sessionUid, cartAtStart);
    const anonymousPath = anonymousCartPath(sessionUid);
    let path = anonymousPath;
    let loaded: Cart | null = null;
    try {
      const result = await loadRecord(sessionUid);
      path = result.path;
      loaded = result.cart;
    } catch (error) {
      // A signed-in shopper's basket that could not be read is still the account's: its unsent
      // state must not be taken for another identity's and dropped.
      if (error instanceof CartLoadError) path = error.path;
      raiseError(MESSAGES.cartLoadFailed, error);
    }
    // finishCartLoad stores what it will send before it returns, so the kept copy can go now.
    const loadedAndSent = finishCartLoad(loaded, path);
    stopKeepingBasket();
    await loadedAndSent;
  } finally {
    setLoading(false);
  }
}

/** The basket at `path` (whose identity is known) could not be read. */
class CartLoadError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'CartLoadError';
  }
}

async function loadRecord(sessionUid: string): Promise<{ path: string; cart: Cart }> {
  const anonymousPath = anonymousCartPath(sessionUid);
  const record = await getData<AnonymousTokenRecord>(`users/anonymousTokens/${sessionUid}`);
  if (record.status !== 200) throw new Error(record.error.message);

  if (record.response === null) {
    const created = await setData(anonymousPath, { totalQuantity: 0 });
    if (created.status !== 200) {
      throw new Error(MESSAGES.couldNotConnect(created.error.httpStatus ?? created.status));
    }
    return { path: anonymousPath, cart: EMPTY_CART };
  }

  const data = record.response;
  if (data.isSignedIn?.status) {
    const backend = getAuthBackend();
    await backend.accountReady();
    const account = backend.accountUser();
    const storedUid = data.credentials?.userAccountUid;
    if (account && (!storedUid || storedUid === account.uid)) {
      setAuth({
        isSignedIn: true,
        email: data.credentials?.email || account.email || '',
        userAccountUid: account.uid,
        justSignedIn: false,
        signedOutByLogout: false,
      });
      const path = accountCartPath(account.uid);
      const userCart = await getData<ServerCart>(path);
      if (userCart.status !== 200) throw new CartLoadError(userCart.error.message, path);
      clearError();
      return { path, cart: fromServerCart(userCart.response) };
    }
    // The record says signed in but this browser holds no account: repair the record.
    void setData(`users/anonymousTokens/${sessionUid}/isSignedIn`, { status: false });
  }
  if (bus.auth$.getValue().isSignedIn) {
    setAuth({ isSignedIn: false, email: '', userAccountUid: '' });
  }
  return { path: anonymousPath, cart: fromServerCart(data.anonymousCart) };
}
