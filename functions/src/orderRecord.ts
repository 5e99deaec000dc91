// The order as the functions store and answer it: placeOrder writes it, orderStatus and
// guestOrders read it. Its own module so that none of them imports another for its shape.
import type {
  DiscountAmounts,
  DiscountType,
  PersonalInformation,
  ProductLine,
} from '@shop/shared/types';
import type { OrderStatus, PlaceOrderError } from '@shop/shared/order/orderVocabulary';
import type { Currency, Money } from '@shop/shared/payments/money';
import type { OrderPayment } from '@shop/shared/payments/orderPayment';

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
  discount: {
    isDiscount: boolean;
    discountType: DiscountType | '';
    discountCode: string;
    /** An 'AMOUNT' code's amount in the order's currency, the one it took off (decision 5101). */
    amounts?: DiscountAmounts;
  };
  totalPrice: number;
  totalQuantity: number;
  shipment: number;
  paymentMethod: string;
  personalInformation: PersonalInformation;
  /** Every status move after 'placed', oldest first, without who made it (decision 5201). */
  statusHistory?: StatusStep[];
  /** Set when the order is shipped. */
  delivery?: { carrier: string; tracking: string };
  /** A card order's payment (decision 5301); none for bank transfer and cash on delivery. */
  payment?: OrderPayment;
  /** What it was priced and charged in (decision 5101); absent on orders before markets: USD. */
  currency?: Currency;
  /** The market it was placed in; absent on orders before markets: `us`. */
  market?: string;
}

/** An order's currency: its own, or US dollars for an order placed before markets (decision 5101). */
export const currencyOf = (order: Pick<OrderRecord, 'currency'>): Currency =>
  order.currency ?? 'USD';

/** What the endpoint answers: 200 { order, replayed } or { error, message } with a status. */
export type PlaceOrderAnswer =
  | { order: OrderRecord; replayed: boolean }
  /** 202: a card order waits for the shopper's card (decision 5301); no order is stored yet. */
  | { payment: CardPaymentNeeded }
  | { error: PlaceOrderError; message: string; ids?: string[]; retryAfterSeconds?: number };

/** What the browser needs to confirm a card payment in the provider's fields. */
export interface CardPaymentNeeded {
  provider: 'local' | 'stripe';
  clientSecret: string;
  amount: Money;
  /** Why the last card tried was refused, when it was. */
  lastError?: { code: string; message: string };
}
