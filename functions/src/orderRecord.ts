// The order as the functions store and answer it: placeOrder writes it, orderStatus and
// guestOrders read it. Its own module so that none of them imports another for its shape.
import type { DiscountType, PersonalInformation, ProductLine } from '@shop/shared/types';
import type { OrderStatus, PlaceOrderError } from '@shop/shared/order/orderVocabulary';

/** One move of an order's status as the shopper sees it on the order (decision 5201). */
export interface StatusStep {
  at: number;
  to: OrderStatus;
  carrier?: string;
  tracking?: string;
}

/** The same move as staff see it (`orderAudit/{orderKey}`): who made it, from what, and a note. */
export interface AuditStep extends StatusStep {
  by: { uid: string; email: string | null };
  from: OrderStatus;
  note?: string;
}

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
  /** Every status move after 'placed', oldest first, without who made it (decision 5201). */
  statusHistory?: StatusStep[];
  /** Set when the order is shipped. */
  delivery?: { carrier: string; tracking: string };
}

/** What the endpoint answers: 200 { order, replayed } or { error, message } with a status. */
export type PlaceOrderAnswer =
  | { order: OrderRecord; replayed: boolean }
  | { error: PlaceOrderError; message: string; ids?: string[]; retryAfterSeconds?: number };
