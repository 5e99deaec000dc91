// The page's basket service (decision 1202: the basket is the cart team's). Registered on the
// basket channel of @shop/shared by the cart remote's first loaded module (the header's mini basket
// is on every page). It loads the session's basket once the session start has published whose it is
// (docs/product.md §4 "Cart sync on start"), syncs every change (cartSync.ts), merges on sign-in,
// loads the anonymous basket on sign-out, and talks to the other tabs. A fix here ships with a cart
// deploy.
import {
  type AuthState,
  type BasketService,
  type Cart,
  EMPTY_CART,
  MESSAGES,
  type Market,
  type ServerCart,
  type SessionInfo,
  accountCartPath,
  anonymousCartPath,
  basketChannels,
  bus,
  cartActions,
  clearError,
  fromServerCart,
  getData,
  markBasketLoaded,
  QUANTITY_MAX,
  linesCutByMerge,
  mergeCarts,
  pageShopContext,
  raiseError,
  registerBasketService,
  releaseKeptBasket,
  setAuth,
  setData,
  setLoading,
  toast,
} from '@shop/shared';
import type { Subscription } from 'rxjs';
import {
  beginCartSync,
  broadcastAuth,
  finishCartLoad,
  flushCartSync,
  hasPendingCartUpload,
  knowServerBasket,
  queueUpload,
  stopCartSync,
} from './cartSync';
import { messages } from '../messages';

/** The cart build running the basket (set with SHOP_BUILD_LABEL at build time), for QA. */
export const CART_BUILD = process.env.SHOP_BUILD_LABEL || 'unlabelled';

let sessionWatch: Subscription | null = null;

/**
 * Registers this cart build as the page's basket service (once per page: a second copy of the
 * cart remote finds one registered and leaves it) and loads the session's basket as soon as the
 * session start says whose it is.
 */
export function startBasketService(): void {
  const service: BasketService = {
    build: CART_BUILD,
    flush: flushCartSync,
    hasPendingUpload: hasPendingCartUpload,
    adoptAccount,
    leaveAccount,
    stop: stopBasketService,
  };
  if (!registerBasketService(service)) return;
  let loadedFor = '';
  sessionWatch = basketChannels().session$.subscribe((info) => {
    // Sign in and sign out update the info too; the service handles those itself. A new session
    // (another anonymous uid) loads afresh.
    if (!info || info.sessionUid === loadedFor) return;
    loadedFor = info.sessionUid;
    void loadSessionBasket(info);
  });
}

function stopBasketService(): void {
  sessionWatch?.unsubscribe();
  sessionWatch = null;
  stopCartSync();
}

async function loadSessionBasket(info: SessionInfo): Promise<void> {
  setLoading(true);
  try {
    // Anything in the basket now was put there by the shopper before the load (or kept from a
    // page before): a change to merge.
    beginCartSync(info.sessionUid, EMPTY_CART);
    // The sign-in state was published before the service loaded: the load below takes the
    // basket for it, so the one-shot flags have nothing left to skip.
    const auth = bus.auth$.getValue();
    if (auth.justSignedIn || auth.signedOutByLogout) {
      setAuth({ justSignedIn: false, signedOutByLogout: false });
    }
    await loadBasket(info);
    tellIfPricedElsewhere(bus.cart$.getValue(), bus.market$.getValue());
  } finally {
    setLoading(false);
    markBasketLoaded();
  }
}

/** The market the basket was last shown in on this browser (decision 5101). */
const SHOWN_IN_KEY = 'shop_basket_market';

/**
 * A basket carried into another market is priced from that market's price list (its lines hold
 * ids, sizes and quantities, no prices; decision 5101): the shopper is told, on the first page of
 * the other market with products in the basket.
 */
export function tellIfPricedElsewhere(
  cart: Cart,
  market: Market,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): void {
  let before: string | null = null;
  try {
    before = storage?.getItem(SHOWN_IN_KEY) ?? null;
    storage?.setItem(SHOWN_IN_KEY, market.id);
  } catch {
    return; // storage refused (private mode): nothing to compare with
  }
  if (cart.products.length === 0 || before === null || before === market.id) return;
  const t = messages.translator(market.language);
  toast.info(
    t('Your basket is now priced in {currency}, at our prices for {market}.', {
      currency: market.currency,
      market: market.name,
    }),
  );
}

async function loadBasket({ sessionUid, accountUid, anonymousCart }: SessionInfo): Promise<void> {
  const anonymousPath = anonymousCartPath(sessionUid);
  if (!accountUid) {
    // null: the anonymous basket could not be created (the session start said so): unknown.
    const sent = finishCartLoad(
      anonymousCart ? fromServerCart(anonymousCart) : null,
      anonymousPath,
    );
    releaseKeptBasket();
    await sent;
    return;
  }
  const path = accountCartPath(accountUid);
  const stray = anonymousCart ? fromServerCart(anonymousCart) : EMPTY_CART;
  const userCart = await getData<ServerCart>(path);
  if (userCart.status !== 200) {
    raiseError(MESSAGES.cartLoadFailed, userCart.error.message);
    // A signed-in shopper's basket that could not be read is still the account's: its unsent
    // state must not be taken for another identity's and dropped.
    const sent = finishCartLoad(null, path);
    releaseKeptBasket();
    await sent;
    return;
  }
  clearError();
  // finishCartLoad stores what it will send before it returns, so the kept copy can go now.
  const sent = finishCartLoad(fromServerCart(userCart.response), path, stray);
  releaseKeptBasket();
  await sent;
  // The stray lines are in the account's basket once the database confirmed it; a failure leaves
  // them where they are for the next load (including them again changes nothing).
  if (stray.products.length > 0 && !hasPendingCartUpload()) {
    const emptied = await setData(anonymousPath, { totalQuantity: 0 });
    if (emptied.status !== 200) console.warn('[basket] the anonymous basket stays', emptied.error);
  }
}

/**
 * Moves the anonymous basket into the account: account lines + anonymous lines, quantities
 * summed per line key and capped at 10 (see mergeCarts), saved once to the account; the
 * anonymous basket on the server is then emptied so a later sign-in does not add it twice.
 */
async function adoptAccount(auth: AuthState, sessionUid: string): Promise<void> {
  const anonymous = bus.cart$.getValue();
  const path = accountCartPath(auth.userAccountUid);
  const stored = await getData<ServerCart>(path);
  let cart: Cart = anonymous;
  let cut = 0;
  if (stored.status === 200) {
    const account = fromServerCart(stored.response);
    // The merge is written as the lines it changes in the account's basket (decision 4201).
    knowServerBasket(path, account);
    cart = mergeCarts(account, anonymous);
    cut = linesCutByMerge(account, anonymous).length;
  } else {
    // Never overwrite an account basket we could not read.
    raiseError(MESSAGES.cartLoadFailed, stored.error.message);
  }
  setAuth(auth);
  // justSignedIn makes the sync skip this change (docs/product.md §4 one-shot flag); we save it ourselves.
  cartActions.replaceCart(cart);
  broadcastAuth({ ...auth, justSignedIn: false }, cart);
  // Quantities the limit cut when the two baskets were joined are said, not hidden.
  if (cut > 0) {
    // Outside React: the page's language (a page is in one market, decision 5101).
    const t = messages.translator(pageShopContext.market.language);
    toast.info(
      cut === 1
        ? t(
            "Your basket and your account's basket were joined. We sell at most {max} of an item at once, so one item now holds {max}.",
            { max: QUANTITY_MAX },
          )
        : t(
            "Your basket and your account's basket were joined. We sell at most {max} of an item at once, so {cut} items now hold {max}.",
            { max: QUANTITY_MAX, cut },
          ),
    );
  }
  if (stored.status === 200) {
    await queueUpload(path, bus.cart$.getValue(), true);
    await flushCartSync();
    if (anonymous.products.length > 0) {
      await setData(anonymousCartPath(sessionUid), { totalQuantity: 0 });
    }
  }
}

/** Publishes the signed-out state with the session's anonymous basket (not uploaded: one-shot flag). */
async function leaveAccount(auth: AuthState, sessionUid: string): Promise<void> {
  setAuth(auth);
  let cart = EMPTY_CART;
  const result = await getData<ServerCart>(anonymousCartPath(sessionUid));
  if (result.status === 200) {
    cart = fromServerCart(result.response);
    knowServerBasket(anonymousCartPath(sessionUid), cart);
  } else raiseError(MESSAGES.cartLoadFailed, result.error.message);
  cartActions.replaceCart(cart); // skipped by the sync; clears signedOutByLogout
  broadcastAuth({ ...auth, signedOutByLogout: false }, cart);
}
