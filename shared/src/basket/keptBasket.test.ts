import { bus } from '../bus/bus';
import { cartActions } from '../cart/cartStore';
import { EMPTY_CART } from '../cart/emptyCart';
import {
  keepBasketUntilLoaded,
  readKeptBasket,
  releaseKeptBasket,
  stopKeepingBasket,
} from './keptBasket';

afterEach(() => {
  releaseKeptBasket();
  bus.cart$.next(EMPTY_CART);
  localStorage.clear();
});

describe('the kept basket (before the basket service has loaded it)', () => {
  it('keeps every change in localStorage and restores it on the next page', () => {
    keepBasketUntilLoaded();
    cartActions.addProduct({ id: 'a', quantity: 2 });
    cartActions.addProduct({ id: 'b', size: 'M', colour: 'Moss', quantity: 1 });
    expect(readKeptBasket()).toEqual({
      totalQuantity: 3,
      products: {
        a: { id: 'a', quantity: 2 },
        'b_M~moss': { id: 'b', size: 'M', colour: 'Moss', quantity: 1 },
      },
    });
    // The next page: a fresh bus value, the keeper started again.
    stopKeepingBasket(); // as a page unload: what was kept stays
    bus.cart$.next(EMPTY_CART);
    keepBasketUntilLoaded();
    expect(bus.cart$.getValue().products).toEqual([
      { id: 'a', quantity: 2 },
      { id: 'b', size: 'M', colour: 'Moss', quantity: 1 },
    ]);
  });

  it('stops and forgets once released, whichever copy of the package releases it', () => {
    keepBasketUntilLoaded();
    cartActions.addProduct({ id: 'a', quantity: 1 });
    releaseKeptBasket();
    expect(readKeptBasket()).toBeNull();
    cartActions.addProduct({ id: 'c', quantity: 1 });
    expect(readKeptBasket()).toBeNull();
    // The keeper lives on globalThis, where another copy's release finds it.
    keepBasketUntilLoaded();
    expect((globalThis as unknown as Record<string, unknown>).__SHOP_BASKET_KEEPER__).toBeTruthy();
  });
});
