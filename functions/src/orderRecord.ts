// The order as the functions store and answer it: placeOrder writes it, orderStatus and
// guestOrders read it. Its own module so that none of them imports another for its shape.
import type { DiscountType, PersonalInformation, ProductLine } from '@shop/shared/types';
import type { OrderStatus, PlaceOrderError } from '@shop/shared/order/orderVocabulary';

/** The stored order (docs/product.md §3/§7 fields, plus number and status). */
export interface OrderRecord {
  id: string;
  number: string;
  status: OrderStatus;
  timestamp: number;
  products: ProductLine[];
  discount: { isDiscount: boolean; discountType: DiscountType | ''; discountCode: string };
  totalPrice: number;
  totalQuantity: number;
  shipment: number;
  paymentMethod: string;
  personalInformation: PersonalInformation;
}

/** What the endpoint answers: 200 { order, replayed } or { error, message } with a status. */
export type PlaceOrderAnswer =
  | { order: OrderRecord; replayed: boolean }
  | { error: PlaceOrderError; message: string; ids?: string[]; retryAfterSeconds?: number };
