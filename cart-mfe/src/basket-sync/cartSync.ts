// Basket sync on change (docs/product.md §4 "Cart sync on change" + decision 0004):
// - the first emission after start is ignored (it is the value we loaded);
// - one-shot flags: after sign-in the next change is not uploaded and justSignedIn is cleared;
//   after logout the next anonymous change is not uploaded and signedOutByLogout is cleared;
// - signed in → users/validated/{accountUid}/userCart, else
//   users/anonymousTokens/{sessionUid}/anonymousCart, written per line: one PATCH of the lines that
//   changed since what the database holds as this tab knows it (a removed line is null), the
//   discount and the totals, so two tabs changing different lines at once keep both
//   (decision 4201);
// - uploads are debounced (CART_SYNC_DEBOUNCE_MS) so a burst of clicks is sent once, with the
//   last state; the unsent state is kept in localStorage until the database confirms it; a
//   failed save is retried with exponential back-off and on the `online` event;
// - other tabs of the same session receive every local change (its changed lines) and show it
//   without uploading it; a change of their own still waiting is kept and sent.
import type { Subscription } from 'rxjs';
import {
  type AuthState,
  CART_SYNC_DEBOUNCE_MS,
  CART_SYNC_RETRY_BASE_MS,
  CART_SYNC_RETRY_MAX_MS,
  type Cart,
  type DatabaseError,
  EMPTY_CART,
  MESSAGES,
  anonymousCartPath,
  bus,
  cartActions,
  cartPathFor,
  clearError,
  fromServerCart,
  includeLines,
  mergeCarts,
  raiseError,
  setAuth,
  setData,
  toServerCart,
  type ServerCart,
} from '@shop/shared';
import { applyChanges, type BasketChanges, basketChanges, patchBody } from './basketPatch';
import { type TabChannel, type TabMessage, TAB_ID, openTabChannel } from './crossTab';
import { clearPending, type PendingUpload, readPending, writePending } from './pendingUploads';

/** Retries after this many failures stop until the next change, `online` event or reload. */
export const CART_SYNC_MAX_ATTEMPTS = 8;

interface SyncState {
  sessionUid: string;
  phase: 'loading' | 'ready';
  changedDuringLoad: boolean;
  /** > 0 while we publish a cart that must not be uploaded (loaded or from another tab). */
  suppress: number;
  queued: PendingUpload | null;
  /**
   * The basket the database holds at `path` as this tab knows it (loaded, confirmed, or changed
   * by another tab that sends it): what an upload is the difference from.
   */
  known: { path: string; cart: ServerCart } | null;
  /** The basket as last published (a change's lines are the difference from it). */
  lastCart: Cart;
  debounceTimer: ReturnType<typeof setTimeout> | null;
  retryTimer: ReturnType<typeof setTimeout> | null;
  attempt: number;
  inFlight: Promise<void> | null;
  resendAfterFlight: boolean;
  subscription: Subscription | null;
  channel: TabChannel | null;
  onOnline: (() => void) | null;
}

let state: SyncState | null = null;
let stampCounter = 0;
const nextStamp = () => Date.now() * 1000 + (stampCounter++ % 1000);

function describe(error: DatabaseError): string {
  return error.httpStatus !== undefined
    ? MESSAGES.serverResponseCode(error.httpStatus)
    : error.code && error.code !== 'network-error' && error.code !== 'timeout'
      ? error.code
      : error.message;
}

/** Publishes a cart that must not be uploaded (loaded from the server or from another tab). */
export function applyWithoutUpload(cart: Cart): void {
  if (!state) {
    cartActions.replaceCart(cart);
    return;
  }
  state.suppress += 1;
  try {
    cartActions.replaceCart(cart);
  } finally {
    state.suppress -= 1;
  }
}

function clearTimers(s: SyncState): void {
  if (s.debounceTimer) clearTimeout(s.debounceTimer);
  if (s.retryTimer) clearTimeout(s.retryTimer);
  s.debounceTimer = null;
  s.retryTimer = null;
}

function send(): Promise<void> {
  const s = state;
  if (!s) return Promise.resolve();
  clearTimers(s);
  if (s.inFlight) {
    s.resendAfterFlight = true;
    return s.inFlight;
  }
  const item = s.queued;
  if (!item) return Promise.resolve();
  const base = s.known?.path === item.path ? s.known.cart : null;
  const changes = basketChanges(base, item.cart);
  const flight = (async () => {
    const result = await setData(item.path, patchBody(changes, item.cart.totalQuantity), 'PATCH');
    if (state !== s) return;
    if (result.status === 200) {
      // What the database holds now: what we knew (another tab's lines included) and our changes.
      const known = s.known?.path === item.path ? s.known.cart : (base ?? { totalQuantity: 0 });
      s.known = { path: item.path, cart: applyChanges(known, changes) };
      if (s.queued === item) s.queued = null;
      clearPending(s.sessionUid, item.stamp);
      s.attempt = 0;
      const error = bus.error$.getValue();
      if (error.isError && error.message.content === MESSAGES.cartSendFailed) clearError();
      return;
    }
    raiseError(MESSAGES.cartSendFailed, describe(result.error));
    if (s.queued === item) scheduleRetry(s);
  })();
  s.inFlight = flight.finally(() => {
    s.inFlight = null;
    if (state === s && s.resendAfterFlight) {
      s.resendAfterFlight = false;
      if (s.queued && s.queued !== item && !s.debounceTimer) void send();
    }
  });
  return s.inFlight;
}

function scheduleRetry(s: SyncState): void {
  s.attempt += 1;
  if (s.attempt >= CART_SYNC_MAX_ATTEMPTS) return; // kept in localStorage; next change/online/reload
  const delay = Math.min(CART_SYNC_RETRY_BASE_MS * 2 ** (s.attempt - 1), CART_SYNC_RETRY_MAX_MS);
  s.retryTimer = setTimeout(() => {
    s.retryTimer = null;
    void send();
  }, delay);
}

/**
 * Says what the database holds at `path` (a basket just read), so that the next upload for it
 * sends only what changed from it.
 */
export function knowServerBasket(path: string, cart: Cart): void {
  if (state) state.known = { path, cart: toServerCart(cart) };
}

/** Queues the basket for `path` (replacing any unsent state) and sends it after the debounce. */
export function queueUpload(path: string, cart: Cart, immediate = false): Promise<void> {
  const s = state;
  // No sync running (no session): nothing is known of the stored basket, the whole one is written.
  if (!s) return setData(path, toServerCart(cart), 'PUT').then(() => undefined);
  s.queued = { path, cart: toServerCart(cart), stamp: nextStamp() };
  s.attempt = 0;
  writePending(s.sessionUid, s.queued);
  clearTimers(s);
  if (immediate) return send();
  s.debounceTimer = setTimeout(() => {
    s.debounceTimer = null;
    void send();
  }, CART_SYNC_DEBOUNCE_MS);
  return Promise.resolve();
}

/**
 * Sends any basket state still waiting (debounced or failed) now and resolves once the database
 * answered. The checkout awaits it before sending an order. Never rejects.
 */
export async function flushCartSync(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    const s = state;
    if (!s) return;
    if (s.inFlight) await s.inFlight;
    if (!s.queued) return;
    await send();
    if (s.queued && s.attempt > 0) return; // failed: the retry timer carries on
  }
}

function onCartChange(previous: Cart, cart: Cart): void {
  const s = state;
  if (!s || s.suppress > 0) return;
  if (s.phase === 'loading') {
    s.changedDuringLoad = true;
    return;
  }
  const auth = bus.auth$.getValue();
  if (auth.justSignedIn) {
    setAuth({ justSignedIn: false });
    return;
  }
  if (!auth.isSignedIn && auth.signedOutByLogout) {
    setAuth({ signedOutByLogout: false });
    return;
  }
  const path = cartPathFor(auth, s.sessionUid);
  void queueUpload(path, cart);
  const server = toServerCart(cart);
  s.channel?.post({
    type: 'cart',
    sessionUid: s.sessionUid,
    path,
    cart: server,
    changes: basketChanges(toServerCart(previous), server),
    from: TAB_ID,
  });
}

/** Another tab's change of lines for the basket at our path: made here too, ours kept. */
function takeChanges(s: SyncState, path: string, changes: BasketChanges): void {
  // The other tab sends them: they are no change of ours to send.
  if (s.known?.path === path) s.known = { path, cart: applyChanges(s.known.cart, changes) };
  if (s.queued?.path === path) {
    // The same item (not a copy): one in flight is still cleared once the database confirms it.
    s.queued.cart = applyChanges(s.queued.cart, changes);
    writePending(s.sessionUid, s.queued);
  }
  if (s.phase === 'ready') {
    applyWithoutUpload(fromServerCart(applyChanges(toServerCart(bus.cart$.getValue()), changes)));
  }
}

function onTabMessage(message: TabMessage): void {
  const s = state;
  if (!s || message.sessionUid !== s.sessionUid) return;
  if (message.type === 'auth') {
    setAuth({ ...message.auth, justSignedIn: false, signedOutByLogout: false });
  }
  const auth = bus.auth$.getValue();
  if (message.path !== cartPathFor(auth, s.sessionUid)) return;
  if (message.type === 'cart' && message.changes) {
    takeChanges(s, message.path, message.changes);
    return;
  }
  // A whole basket (a sign-in's, or a cart build that sends no changes): the other tab owns this
  // newer state (and its upload); drop ours if it is for the same path.
  s.known = { path: message.path, cart: message.cart };
  if (s.queued && s.queued.path === message.path) {
    s.queued = null;
    clearTimers(s);
  }
  if (s.phase === 'ready') applyWithoutUpload(fromServerCart(message.cart));
}

/** Tells the other tabs about an auth change (sign in / sign out) and the basket that goes with it. */
export function broadcastAuth(auth: AuthState, cart: Cart): void {
  const s = state;
  if (!s) return;
  s.channel?.post({
    type: 'auth',
    sessionUid: s.sessionUid,
    auth,
    path: cartPathFor(auth, s.sessionUid),
    cart: toServerCart(cart),
    from: TAB_ID,
  });
}

/**
 * Starts listening to bus.cart$ for this session (phase 'loading' until finishCartLoad).
 * `cartAtStart` is the basket when the session began: if the shopper changed it before we got
 * here (during the anonymous sign-in), that counts as a change made while loading.
 */
export function beginCartSync(sessionUid: string, cartAtStart: Cart = bus.cart$.getValue()): void {
  stopCartSync();
  const s: SyncState = {
    sessionUid,
    phase: 'loading',
    changedDuringLoad: bus.cart$.getValue() !== cartAtStart,
    suppress: 0,
    queued: null,
    known: null,
    lastCart: bus.cart$.getValue(),
    debounceTimer: null,
    retryTimer: null,
    attempt: 0,
    inFlight: null,
    resendAfterFlight: false,
    subscription: null,
    channel: null,
    onOnline: null,
  };
  state = s;
  let first = true;
  s.subscription = bus.cart$.subscribe((cart) => {
    const previous = s.lastCart;
    s.lastCart = cart;
    if (first) {
      first = false; // docs/product.md §4: the first run is ignored
      return;
    }
    onCartChange(previous, cart);
  });
  s.channel = openTabChannel(onTabMessage);
  if (typeof window !== 'undefined') {
    s.onOnline = () => {
      if (s.queued) void send();
    };
    window.addEventListener('online', s.onOnline);
  }
}

/**
 * Ends the loading phase with the basket read from the server at `path` (null when the load
 * failed). A pending local basket for the same path wins over the server copy and is sent; a
 * basket changed by the shopper while loading is merged into the server copy and sent. `stray`
 * holds lines this session put in its anonymous basket while the record says an account is signed
 * in: they are the shopper's, so they are included (see includeLines) and sent to the account.
 * An unsent anonymous basket of this session is included the same way when the account loads.
 */
export function finishCartLoad(
  server: Cart | null,
  path: string,
  stray: Cart = EMPTY_CART,
): Promise<void> {
  const s = state;
  if (!s) return Promise.resolve();
  const pending = readPending(s.sessionUid);
  const local = bus.cart$.getValue();
  // What the database holds (unknown when the load failed): an upload is the difference from it.
  s.known = server ? { path, cart: toServerCart(server) } : null;
  let base: Cart | null = server;
  let upload = false;
  let strayLines = stray;
  if (pending && pending.path === path) {
    base = fromServerCart(pending.cart);
    upload = true;
  } else if (pending && server !== null) {
    if (pending.path === anonymousCartPath(s.sessionUid)) {
      strayLines = includeLines(strayLines, fromServerCart(pending.cart));
    }
    clearPending(s.sessionUid, pending.stamp); // belongs to an identity no longer active
  }
  // A failed load says nothing about whose basket a pending one for another path is: it stays for
  // the next load to decide.
  if (s.changedDuringLoad) {
    base = base ? mergeCarts(base, local) : local;
    upload = true;
  }
  if (base && strayLines.products.length > 0) {
    base = includeLines(base, strayLines);
    upload = true;
  }
  if (base) applyWithoutUpload(base);
  s.phase = 'ready';
  return upload ? queueUpload(path, bus.cart$.getValue(), true) : Promise.resolve();
}

/** True while a basket state waits to be confirmed by the database. */
export function hasPendingCartUpload(): boolean {
  return Boolean(state?.queued);
}

export function stopCartSync(): void {
  const s = state;
  if (!s) return;
  clearTimers(s);
  s.subscription?.unsubscribe();
  s.channel?.close();
  if (s.onOnline && typeof window !== 'undefined') window.removeEventListener('online', s.onOnline);
  state = null;
}
