import type { Cart, CartDiscount } from '../types';

export const NO_DISCOUNT: CartDiscount = Object.freeze({
  isDiscount: false,
  discountType: null,
  discountCode: '',
}) as CartDiscount;

/** docs/product.md §3: an empty cart is products empty and totalQuantity 0. */
export const EMPTY_CART: Cart = Object.freeze({
  products: Object.freeze([]) as unknown as Cart['products'],
  totalQuantity: 0,
  discount: NO_DISCOUNT,
  totalPrice: 0,
}) as Cart;
