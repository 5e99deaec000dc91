// Session start (spec §4 "Cart sync on start"), once per page whichever apps call it:
// device watch → anonymous sign-in (token id) → GET users/anonymousTokens/{token} →
//   none: PUT .../anonymousCart {totalQuantity: 0} (non-200: "Couldn't connect to the server.
//         Response code: {status}");
//   isSignedIn.status and the account instance signed in: restore the signed-in state with the
//         stored email, load users/validated/{uid}/userCart, replace the local cart, clear the error;
//   otherwise: load the anonymous cart.
// Any load failure raises 'Unable to load cart data' with the message. When the record itself
// cannot be read, whose basket this is stays unknown: nothing is sent, the basket stays kept and
// the load is tried again. Then sync on change.
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
  hasPendingCartUpload,
  stopCartSync,
  syncedSessionUid,
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
  if (recordRetry) clearTimeout(recordRetry);
  recordRetry = null;
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
      first = false;
      if (cart === EMPTY_CART) return; // nothing to keep yet
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
  try {
    const sessionUid = await signInAnonymouslyForToken();
    // Nothing loads the basket before the session does, so anything in it now was put there by
    // the shopper (the shell starts the session after the first page, decision 0502): a change
    // to merge.
    beginCartSync(sessionUid, EMPTY_CART);
    await loadBasket(sessionUid, 0);
  } finally {
    setLoading(false);
  }
}

/** Load attempts after a record that could not be read: 2 s, 4 s, … 30 s apart, while the page lives. */
const RECORD_RETRIES = 6;
let recordRetry: ReturnType<typeof setTimeout> | null = null;

async function loadBasket(sessionUid: string, failures: number): Promise<void> {
  let loaded: LoadedRecord;
  try {
    loaded = await loadRecord(sessionUid);
  } catch (error) {
    raiseError(MESSAGES.cartLoadFailed, error);
    if (error instanceof CartLoadError) {
      // A signed-in shopper's basket that could not be read is still the account's: its unsent
      // state must not be taken for another identity's and dropped.
      const sent = finishCartLoad(null, error.path);
      stopKeepingBasket();
      await sent;
      return;
    }
    // Whose basket this is could not be read (anonymous or an account's): nothing is sent
    // anywhere. The basket stays on the page and kept in localStorage (a reload merges it), and
    // the load is tried again. Sending it to the anonymous basket lost a signed-in shopper's
    // line (decision 1601).
    if (failures + 1 < RECORD_RETRIES) {
      recordRetry = setTimeout(
        () => {
          recordRetry = null;
          if (syncedSessionUid() === sessionUid) void loadBasket(sessionUid, failures + 1);
        },
        Math.min(2000 * 2 ** failures, 30_000),
      );
    }
    return;
  }
  // finishCartLoad stores what it will send before it returns, so the kept copy can go now.
  const sent = finishCartLoad(loaded.cart, loaded.path, loaded.stray);
  stopKeepingBasket();
  await sent;
  // The stray lines are in the account's basket once the database confirmed it; a failure leaves
  // them where they are for the next load (including them again changes nothing).
  if (loaded.stray.products.length > 0 && !hasPendingCartUpload()) {
    const emptied = await setData(anonymousCartPath(sessionUid), { totalQuantity: 0 });
    if (emptied.status !== 200) console.warn('[session] the anonymous basket stays', emptied.error);
  }
}

interface LoadedRecord {
  path: string;
  cart: Cart;
  /** Lines of this session's anonymous basket while an account is signed in (see finishCartLoad). */
  stray: Cart;
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

async function loadRecord(sessionUid: string): Promise<LoadedRecord> {
  const anonymousPath = anonymousCartPath(sessionUid);
  const record = await getData<AnonymousTokenRecord>(`users/anonymousTokens/${sessionUid}`);
  if (record.status !== 200) throw new Error(record.error.message);

  if (record.response === null) {
    const created = await setData(anonymousPath, { totalQuantity: 0 });
    if (created.status !== 200) {
      throw new CartLoadError(
        MESSAGES.couldNotConnect(created.error.httpStatus ?? created.status),
        anonymousPath,
      );
    }
    return { path: anonymousPath, cart: EMPTY_CART, stray: EMPTY_CART };
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
      return {
        path,
        cart: fromServerCart(userCart.response),
        stray: fromServerCart(data.anonymousCart),
      };
    }
    // The record says signed in but this browser holds no account: repair the record first, so
    // the database never shows a signed-in session whose basket goes to the anonymous path.
    const repaired = await setData(`users/anonymousTokens/${sessionUid}/isSignedIn`, {
      status: false,
    });
    if (repaired.status !== 200) throw new Error(repaired.error.message);
  }
  if (bus.auth$.getValue().isSignedIn) {
    setAuth({ isSignedIn: false, email: '', userAccountUid: '' });
  }
  return { path: anonymousPath, cart: fromServerCart(data.anonymousCart), stray: EMPTY_CART };
}
