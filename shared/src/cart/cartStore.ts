// The basket store: each action applies a pure reducer to the current value of bus.cart$ and
// publishes the result. Whichever remote dispatches, every other one sees the new basket.
import { basketAdds } from '../basket/basketAdds';
import { bus } from '../bus/bus';
import type { Cart, CartDiscount, CartLine } from '../types';
import * as domain from './cartDomain';

function apply(reducer: (cart: Cart) => Cart): Cart {
  const current = bus.cart$.getValue();
  const next = reducer(current);
  if (next !== current) bus.cart$.next(next);
  return next;
}

export const cartActions = {
  /** A shopper's add: when it changed the basket, it is announced on `basketAdds()` too. */
  addProduct: (line: CartLine) => {
    const before = bus.cart$.getValue();
    const after = apply((c) => domain.addProduct(c, line));
    if (after !== before) {
      basketAdds().next({ key: domain.lineKey(line), path: globalThis.location?.pathname ?? '' });
    }
    return after;
  },
  /** Always publishes (also when the content is equal), so one-shot flags are consumed. */
  replaceCart: (next: Cart) => {
    const cart = domain.replaceCart(bus.cart$.getValue(), next);
    bus.cart$.next(cart);
    return cart;
  },
  removeItem: (key: string, amount = 1) => apply((c) => domain.removeItem(c, key, amount)),
  setQuantity: (key: string, quantity: number) =>
    apply((c) => domain.setQuantity(c, key, quantity)),
  updateDiscount: (discount: CartDiscount) => apply((c) => domain.updateDiscount(c, discount)),
  setTotalPrice: (total: number) => apply((c) => domain.setTotalPrice(c, total)),
  /** After a successful order (docs/product.md §4): empty cart, totalQuantity 0. */
  reset: () => {
    bus.cart$.next(domain.EMPTY_CART);
    return domain.EMPTY_CART;
  },
  /** The current basket (snapshot). */
  get: () => bus.cart$.getValue(),
};
