import type { Cart } from '../types';

/** Spec §3: an empty cart is products empty and totalQuantity 0. */
export const EMPTY_CART: Cart = Object.freeze({
  products: [],
  totalQuantity: 0,
  discount: { isDiscount: false, discountType: null, discountCode: '' },
  totalPrice: 0,
}) as Cart;
