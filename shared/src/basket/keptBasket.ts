// The basket as the shopper changed it before the basket service loaded it (the session starts
// after the first paint; the cart remote may load later, or be down). It is kept in localStorage
// under a slot of its own (no session uid yet): a page opened next shows it at once, and the
// basket service merges it into the loaded basket, sends it and then releases the slot.
import type { Subscription } from 'rxjs';
import { bus } from '../bus/bus';
import { fromServerCart, toServerCart } from '../cart/cartDomain';
import { cartActions } from '../cart/cartStore';
import { EMPTY_CART } from '../cart/emptyCart';
import type { ServerCart } from '../types';
import { PAGE_GLOBALS } from '../pageGlobals';

const KEPT_KEY = 'shop:cart-before-session';

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

export function readKeptBasket(): ServerCart | null {
  const raw = storage()?.getItem(KEPT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as ServerCart;
    return value && typeof value === 'object' && typeof value.totalQuantity === 'number'
      ? value
      : null;
  } catch {
    return null;
  }
}

function writeKeptBasket(cart: ServerCart): void {
  try {
    storage()?.setItem(KEPT_KEY, JSON.stringify(cart));
  } catch {
    // Quota or privacy mode: the change still reaches the basket service while the page stays open.
  }
}

function clearKeptBasket(): void {
  try {
    storage()?.removeItem(KEPT_KEY);
  } catch {
    // ignore
  }
}

// On globalThis like the bus: a second copy of this package must release the first one's keeper.
const KEEPER_KEY = PAGE_GLOBALS.basketKeeper;
const holder = globalThis as typeof globalThis & { [KEEPER_KEY]?: Subscription | null };

/**
 * Restores the basket a previous page kept (the basket service then merges it into the loaded
 * one) and keeps every change the shopper makes until the service releases it. Idempotent.
 */
export function keepBasketUntilLoaded(): void {
  if (holder[KEEPER_KEY]) return;
  const kept = readKeptBasket();
  if (kept && bus.cart$.getValue() === EMPTY_CART) cartActions.replaceCart(fromServerCart(kept));
  let first = true;
  holder[KEEPER_KEY] = bus.cart$.subscribe((cart) => {
    if (first) {
      first = false;
      if (cart === EMPTY_CART) return; // nothing to keep yet
    }
    writeKeptBasket(toServerCart(cart));
  });
}

/**
 * The basket service has the basket now (it stored what it will send in its own pending slot):
 * the kept copy goes.
 */
export function releaseKeptBasket(): void {
  stopKeepingBasket();
  clearKeptBasket();
}

/** Stops keeping; what was kept stays for the next page (tests, hot reload). */
export function stopKeepingBasket(): void {
  holder[KEEPER_KEY]?.unsubscribe();
  holder[KEEPER_KEY] = null;
}
