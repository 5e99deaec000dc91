import type { CartDiscount, ServerCart } from '@shop/shared';
import { line } from '@shop/shared/testing';
import { applyChanges, basketChanges, hasChanges, patchBody } from './basketPatch';

const CODE: CartDiscount = { isDiscount: true, discountType: 10, discountCode: 'SPRING10' };

describe('basketChanges', () => {
  const stored: ServerCart = {
    totalQuantity: 3,
    products: { a: line('a', 1), b_M: line('b', 2, 'M') },
    totalPrice: 90,
  };

  it('names the changed and added lines, and a removed one as null', () => {
    const next: ServerCart = {
      totalQuantity: 5,
      products: { b_M: line('b', 3, 'M'), c: line('c', 2) },
      totalPrice: 90,
    };
    expect(basketChanges(stored, next)).toEqual({
      lines: { a: null, b_M: line('b', 3, 'M'), c: line('c', 2) },
    });
  });

  it('is nothing for the same basket', () => {
    const changes = basketChanges(stored, { ...stored, products: { ...stored.products } });
    expect(changes).toEqual({ lines: {} });
    expect(hasChanges(changes)).toBe(false);
  });

  it('names a discount and a total price that changed or went', () => {
    expect(basketChanges(stored, { ...stored, discount: CODE, totalPrice: 81 })).toEqual({
      lines: {},
      discount: CODE,
      totalPrice: 81,
    });
    const { totalPrice: _gone, ...withoutPrice } = stored;
    expect(basketChanges({ ...stored, discount: CODE }, withoutPrice)).toEqual({
      lines: {},
      discount: null,
      totalPrice: null,
    });
  });

  it('without the stored basket: every line written, none removed', () => {
    expect(basketChanges(null, { totalQuantity: 1, products: { c: line('c', 1) } })).toEqual({
      lines: { c: line('c', 1) },
    });
  });
});

describe('applyChanges and patchBody', () => {
  it('make the stored basket what the PATCH makes it, its total counted from its lines', () => {
    const stored: ServerCart = { totalQuantity: 3, products: { a: line('a', 1), b: line('b', 2) } };
    const changes = { lines: { a: null, c: line('c', 4) }, discount: CODE };
    expect(applyChanges(stored, changes)).toEqual({
      totalQuantity: 6,
      products: { b: line('b', 2), c: line('c', 4) },
      discount: CODE,
    });
    expect(patchBody(changes, 6)).toEqual({
      'products/a': null,
      'products/c': line('c', 4),
      discount: CODE,
      totalQuantity: 6,
    });
  });

  it('leaves no empty products map', () => {
    expect(
      applyChanges({ totalQuantity: 1, products: { a: line('a', 1) } }, { lines: { a: null } }),
    ).toEqual({
      totalQuantity: 0,
    });
  });
});
