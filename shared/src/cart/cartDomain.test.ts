import type { Cart, CartLine } from '../types';
import { BASKET_LINES_MAX } from '../constants';
import {
  EMPTY_CART,
  addProduct,
  clampQuantity,
  colourKey,
  fromServerCart,
  includeLines,
  lineKey,
  linesCutByMerge,
  mergeCarts,
  removeItem,
  replaceCart,
  setQuantity,
  setTotalPrice,
  toServerCart,
  updateDiscount,
} from './cartDomain';

const cartOf = (...products: CartLine[]): Cart =>
  replaceCart(EMPTY_CART, { ...EMPTY_CART, products });

describe('lineKey', () => {
  it('is the id without a size and id_size with one', () => {
    expect(lineKey({ id: 'p1' })).toBe('p1');
    expect(lineKey({ id: 'p1', size: '42' })).toBe('p1_42');
    expect(lineKey({ id: 'p1', size: '' })).toBe('p1');
  });

  it('adds ~colourKey with a colour, so the same product in two colours is two lines', () => {
    expect(lineKey({ id: 'p1', colour: 'Moss' })).toBe('p1~moss');
    expect(lineKey({ id: 'p1', size: 'M', colour: 'Grey/Red' })).toBe('p1_M~grey-red');
    expect(lineKey({ id: 'p1', size: 'M', colour: '' })).toBe('p1_M');
    const two = addProduct(
      addProduct(EMPTY_CART, { id: 'p1', size: 'M', colour: 'Moss', quantity: 1 }),
      { id: 'p1', size: 'M', colour: 'Charcoal', quantity: 2 },
    );
    expect(two.products).toEqual([
      { id: 'p1', size: 'M', colour: 'Moss', quantity: 1 },
      { id: 'p1', size: 'M', colour: 'Charcoal', quantity: 2 },
    ]);
    expect(Object.keys(toServerCart(two).products ?? {})).toEqual(['p1_M~moss', 'p1_M~charcoal']);
    expect(fromServerCart(toServerCart(two)).products).toEqual(two.products);
  });

  it('makes a key the database accepts from any colour name (spaces and / . # $ [ ] become -)', () => {
    expect(colourKey('Off white')).toBe('off-white');
    expect(colourKey('Red.check#1$[x]')).toBe('red-check-1--x-');
  });
});

describe('EMPTY_CART', () => {
  it('has no products and totalQuantity 0 (docs/product.md §3)', () => {
    expect(EMPTY_CART.products).toEqual([]);
    expect(EMPTY_CART.totalQuantity).toBe(0);
    expect(EMPTY_CART.discount).toEqual({
      isDiscount: false,
      discountType: null,
      discountCode: '',
    });
    expect(EMPTY_CART.totalPrice).toBe(0);
  });
});

describe('addProduct', () => {
  it('appends a new line and recomputes totalQuantity', () => {
    const cart = addProduct(EMPTY_CART, { id: 'p1', quantity: 2 });
    expect(cart.products).toEqual([{ id: 'p1', quantity: 2 }]);
    expect(cart.totalQuantity).toBe(2);
    expect(EMPTY_CART.products).toEqual([]); // not mutated
  });

  it('increases the quantity when the line key is present', () => {
    const cart = addProduct(addProduct(EMPTY_CART, { id: 'p1', quantity: 2 }), {
      id: 'p1',
      quantity: 3,
    });
    expect(cart.products).toEqual([{ id: 'p1', quantity: 5 }]);
    expect(cart.totalQuantity).toBe(5);
  });

  it('keeps different sizes of one product on separate lines', () => {
    let cart = addProduct(EMPTY_CART, { id: 'p1', size: '42', quantity: 1 });
    cart = addProduct(cart, { id: 'p1', size: '43', quantity: 1 });
    cart = addProduct(cart, { id: 'p1', size: '42', quantity: 1 });
    expect(cart.products).toEqual([
      { id: 'p1', size: '42', quantity: 2 },
      { id: 'p1', size: '43', quantity: 1 },
    ]);
    expect(cart.totalQuantity).toBe(3);
  });

  it('caps the quantity of a line at 10', () => {
    let cart = addProduct(EMPTY_CART, { id: 'p1', quantity: 8 });
    cart = addProduct(cart, { id: 'p1', quantity: 5 });
    expect(cart.products[0]?.quantity).toBe(10);
    expect(addProduct(EMPTY_CART, { id: 'p2', quantity: 25 }).products[0]?.quantity).toBe(10);
  });

  it('ignores a quantity of 0 or less', () => {
    expect(addProduct(EMPTY_CART, { id: 'p1', quantity: 0 })).toBe(EMPTY_CART);
    expect(addProduct(EMPTY_CART, { id: 'p1', quantity: -2 })).toBe(EMPTY_CART);
  });
});

describe('replaceCart', () => {
  it('replaces everything and recomputes totalQuantity from the lines', () => {
    const start = cartOf({ id: 'a', quantity: 1 });
    const next = replaceCart(start, {
      products: [
        { id: 'b', quantity: 2 },
        { id: 'c', quantity: 3 },
      ],
      totalQuantity: 99,
      discount: { isDiscount: true, discountType: 20, discountCode: 'SAVE20' },
      totalPrice: 10,
    });
    expect(next.products.map((p) => p.id)).toEqual(['b', 'c']);
    expect(next.totalQuantity).toBe(5);
    expect(next.discount.discountCode).toBe('SAVE20');
    expect(next.totalPrice).toBe(10);
  });

  it('drops lines with quantity 0 and clamps the rest', () => {
    const next = replaceCart(EMPTY_CART, {
      ...EMPTY_CART,
      products: [
        { id: 'a', quantity: 0 },
        { id: 'b', quantity: 14 },
      ],
    });
    expect(next.products).toEqual([{ id: 'b', quantity: 10 }]);
  });
});

describe('removeItem', () => {
  it('removes the line when its quantity is 1', () => {
    const cart = removeItem(cartOf({ id: 'a', quantity: 1 }, { id: 'b', quantity: 2 }), 'a', 1);
    expect(cart.products).toEqual([{ id: 'b', quantity: 2 }]);
    expect(cart.totalQuantity).toBe(2);
  });

  it('reduces the quantity by the given amount otherwise', () => {
    const cart = removeItem(cartOf({ id: 'a', quantity: 5 }), 'a', 2);
    expect(cart.products).toEqual([{ id: 'a', quantity: 3 }]);
    expect(cart.totalQuantity).toBe(3);
  });

  it('removes the line when the amount reaches the quantity', () => {
    expect(removeItem(cartOf({ id: 'a', quantity: 3 }), 'a', 3).products).toEqual([]);
    expect(removeItem(cartOf({ id: 'a', quantity: 3 }), 'a', 7).totalQuantity).toBe(0);
  });

  it('defaults to an amount of 1, matches by line key, and ignores unknown keys', () => {
    const start = cartOf({ id: 'a', size: 'M', quantity: 2 });
    expect(removeItem(start, 'a_M').products).toEqual([{ id: 'a', size: 'M', quantity: 1 }]);
    expect(removeItem(start, 'a')).toBe(start);
  });
});

describe('setQuantity', () => {
  const start = cartOf({ id: 'a', quantity: 2 }, { id: 'b', quantity: 1 });

  it('sets the quantity of a line', () => {
    const cart = setQuantity(start, 'a', 7);
    expect(cart.products[0]).toEqual({ id: 'a', quantity: 7 });
    expect(cart.totalQuantity).toBe(8);
  });

  it('removes the line at 0', () => {
    const cart = setQuantity(start, 'a', 0);
    expect(cart.products).toEqual([{ id: 'b', quantity: 1 }]);
    expect(cart.totalQuantity).toBe(1);
  });

  it('clamps to 0..10 and truncates to an integer', () => {
    expect(setQuantity(start, 'a', 12).products[0]?.quantity).toBe(10);
    expect(setQuantity(start, 'a', -3).products.map((p) => p.id)).toEqual(['b']);
    expect(setQuantity(start, 'a', 3.7).products[0]?.quantity).toBe(3);
    expect(setQuantity(start, 'a', Number.NaN).products.map((p) => p.id)).toEqual(['b']);
  });

  it('ignores unknown keys', () => {
    expect(setQuantity(start, 'zzz', 3)).toBe(start);
  });
});

describe('updateDiscount and setTotalPrice', () => {
  it('update only their own field', () => {
    const start = cartOf({ id: 'a', quantity: 2 });
    const discounted = updateDiscount(start, {
      isDiscount: true,
      discountType: 'SHIPMENT',
      discountCode: 'FREESHIP',
    });
    expect(discounted.discount).toEqual({
      isDiscount: true,
      discountType: 'SHIPMENT',
      discountCode: 'FREESHIP',
    });
    expect(discounted.products).toBe(start.products);
    const priced = setTotalPrice(discounted, 59.9);
    expect(priced.totalPrice).toBe(59.9);
    expect(priced.discount).toBe(discounted.discount);
    expect(start.totalPrice).toBe(0);
  });
});

describe('clampQuantity', () => {
  it('keeps integers within 0..10', () => {
    expect([-1, 0, 4, 10, 11, 2.9, Infinity, Number.NaN].map(clampQuantity)).toEqual([
      0, 0, 4, 10, 10, 2, 0, 0,
    ]);
  });
});

describe('server map ↔ client list', () => {
  it('converts the list to a map keyed by line key and back', () => {
    const cart = cartOf({ id: 'a', quantity: 2 }, { id: 'b', size: '42', quantity: 1 });
    const server = toServerCart(cart);
    expect(server).toEqual({
      totalQuantity: 3,
      products: {
        a: { id: 'a', quantity: 2 },
        b_42: { id: 'b', size: '42', quantity: 1 },
      },
    });
    expect(fromServerCart(server)).toEqual(cart);
  });

  it('writes an empty cart without products (the database drops empty maps)', () => {
    expect(toServerCart(EMPTY_CART)).toEqual({ totalQuantity: 0 });
  });

  it('keeps the discount and total price', () => {
    const cart = setTotalPrice(
      updateDiscount(cartOf({ id: 'a', quantity: 1 }), {
        isDiscount: true,
        discountType: 15,
        discountCode: 'X15',
      }),
      42.5,
    );
    expect(fromServerCart(toServerCart(cart))).toEqual(cart);
  });

  it('reads what the server may hold: null, no products, missing ids, bad quantities', () => {
    expect(fromServerCart(null)).toEqual(EMPTY_CART);
    expect(fromServerCart({ totalQuantity: 0 })).toEqual(EMPTY_CART);
    const cart = fromServerCart({
      totalQuantity: 123,
      products: {
        a: { quantity: 2 } as CartLine,
        b: { id: 'b', quantity: 0 },
        c: { id: 'c', quantity: 40 },
        d: null as unknown as CartLine,
      },
    });
    expect(cart.products).toEqual([
      { id: 'a', quantity: 2 },
      { id: 'c', quantity: 10 },
    ]);
    expect(cart.totalQuantity).toBe(12);
  });
});

describe('mergeCarts', () => {
  it('sums quantities per line key, caps at 10, appends new anonymous lines', () => {
    const account = cartOf({ id: 'a', quantity: 6 }, { id: 'b', quantity: 1 });
    const anonymous = cartOf({ id: 'a', quantity: 7 }, { id: 'c', size: 'L', quantity: 2 });
    const merged = mergeCarts(account, anonymous);
    expect(merged.products).toEqual([
      { id: 'a', quantity: 10 },
      { id: 'b', quantity: 1 },
      { id: 'c', size: 'L', quantity: 2 },
    ]);
    expect(merged.totalQuantity).toBe(13);
    // The line the limit cut is named, so the basket can say so.
    expect(linesCutByMerge(account, anonymous)).toEqual([{ id: 'a', quantity: 7 }]);
    expect(linesCutByMerge(account, cartOf({ id: 'a', quantity: 4 }))).toEqual([]);
  });

  it("keeps the account's discount, else the anonymous one", () => {
    const code = { isDiscount: true, discountType: 20, discountCode: 'A20' } as const;
    const other = { isDiscount: true, discountType: 'SHIPMENT', discountCode: 'SHIP' } as const;
    expect(
      mergeCarts(updateDiscount(EMPTY_CART, code), updateDiscount(EMPTY_CART, other)).discount,
    ).toEqual(code);
    expect(mergeCarts(EMPTY_CART, updateDiscount(EMPTY_CART, other)).discount).toEqual(other);
  });

  it('of two empty carts is empty', () => {
    expect(mergeCarts(EMPTY_CART, EMPTY_CART)).toEqual(EMPTY_CART);
  });
});

describe('includeLines', () => {
  it('appends new lines and keeps the larger quantity of a line already there', () => {
    const basket = cartOf({ id: 'a', quantity: 3 }, { id: 'b', quantity: 5 });
    const extra = cartOf(
      { id: 'a', quantity: 4 },
      { id: 'b', quantity: 1 },
      { id: 'c', quantity: 2 },
    );
    const included = includeLines(basket, extra);
    expect(included.products).toEqual([
      { id: 'a', quantity: 4 },
      { id: 'b', quantity: 5 },
      { id: 'c', quantity: 2 },
    ]);
    expect(included.totalQuantity).toBe(11);
  });

  it('changes nothing when the same lines are included again (a retried load)', () => {
    const extra = cartOf({ id: 'a', size: 'M', quantity: 2 });
    const once = includeLines(cartOf({ id: 'b', quantity: 1 }), extra);
    expect(includeLines(once, extra)).toEqual(once);
  });
});

describe('a full basket', () => {
  const full = Array.from({ length: BASKET_LINES_MAX }, (_, i) => i).reduce(
    (cart, i) => addProduct(cart, { id: `p${i}`, size: 'M', quantity: 1 }),
    EMPTY_CART,
  );

  it(`holds at most ${BASKET_LINES_MAX} lines: a new line leaves it unchanged`, () => {
    expect(full.products).toHaveLength(BASKET_LINES_MAX);
    expect(addProduct(full, { id: 'another', size: 'M', quantity: 1 })).toBe(full);
  });

  it('still takes more of a line it holds', () => {
    const more = addProduct(full, { id: 'p0', size: 'M', quantity: 2 });
    expect(more.products[0]?.quantity).toBe(3);
    expect(more.totalQuantity).toBe(BASKET_LINES_MAX + 2);
  });
});
