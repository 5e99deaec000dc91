import { basketAdds, type BasketAdd } from '../basket/basketAdds';
import { bus } from '../bus/bus';
import { EMPTY_CART } from './cartDomain';
import { cartActions } from './cartStore';

describe('cartActions (store on bus.cart$)', () => {
  beforeEach(() => cartActions.reset());

  it('publishes every action on bus.cart$', () => {
    const seen: number[] = [];
    const sub = bus.cart$.subscribe((c) => seen.push(c.totalQuantity));
    cartActions.addProduct({ id: 'a', quantity: 2 });
    cartActions.addProduct({ id: 'b', size: 'M', quantity: 1 });
    cartActions.setQuantity('a', 5);
    cartActions.removeItem('b_M', 1);
    cartActions.updateDiscount({ isDiscount: true, discountType: 10, discountCode: 'TEN' });
    cartActions.setTotalPrice(12.5);
    sub.unsubscribe();
    expect(seen).toEqual([0, 2, 3, 6, 5, 5, 5]);
    expect(bus.cart$.getValue()).toEqual({
      products: [{ id: 'a', quantity: 5 }],
      totalQuantity: 5,
      discount: { isDiscount: true, discountType: 10, discountCode: 'TEN' },
      totalPrice: 12.5,
    });
    expect(cartActions.get()).toBe(bus.cart$.getValue());
  });

  it('replaceCart always publishes; reset empties the cart', () => {
    const values: unknown[] = [];
    const sub = bus.cart$.subscribe((c) => values.push(c));
    cartActions.replaceCart(EMPTY_CART);
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'x', quantity: 3 }] });
    expect(bus.cart$.getValue().totalQuantity).toBe(3);
    cartActions.reset();
    sub.unsubscribe();
    expect(values).toHaveLength(4);
    expect(bus.cart$.getValue()).toEqual(EMPTY_CART);
  });

  it('does not publish when nothing changes', () => {
    let count = 0;
    const sub = bus.cart$.subscribe(() => (count += 1));
    cartActions.setQuantity('missing', 3);
    cartActions.removeItem('missing');
    sub.unsubscribe();
    expect(count).toBe(1); // the replay on subscribe only
  });

  it('announces an add that changed the basket on basketAdds(), and nothing else', () => {
    const seen: (BasketAdd | null)[] = [];
    const sub = basketAdds().subscribe((add) => seen.push(add));
    const start = seen.length;
    cartActions.addProduct({ id: 'a', size: 'M', quantity: 1 });
    cartActions.addProduct({ id: 'a', size: 'M', quantity: 0 });
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'x', quantity: 3 }] });
    cartActions.setQuantity('x', 4);
    sub.unsubscribe();
    expect(seen.slice(start)).toEqual([{ key: 'a_M', path: '/' }]);
    // A later subscriber (the cart's code, loaded after the press) still sees the last add.
    expect(basketAdds().getValue()).toEqual({ key: 'a_M', path: '/' });
  });
});
