// Domain types shared by every app (docs/product.md §3). Kept free of runtime code so remotes can import
// them without pulling anything else in.

import type { OrderPayment, PaymentSummary } from './payments/orderPayment';
import type { Currency } from './payments/money';

/** Authentication state (docs/product.md §3): booleans default to false. */
export interface AuthState {
  isSignedIn: boolean;
  email: string;
  signedOutByLogout: boolean;
  justSignedIn: boolean;
  /** Identity-service uid of the signed-in account ('' when signed out). */
  userAccountUid: string;
}

/** Error state (docs/product.md §3). */
export interface ErrorState {
  isError: boolean;
  message: { content: string; error: string };
}

export interface LoadingState {
  isLoading: boolean;
}

export interface DeviceState {
  isMobile: boolean;
}

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastEvent {
  id: string;
  kind: ToastKind;
  message: string;
  /** Defaults to TOAST_DURATION_MS (4000). */
  durationMs?: number;
}

/** A product as stored in the catalog (`catalog/products/{id}`). */
export interface Product {
  id: string;
  name: string;
  imageUrl: string;
  alt: string;
  annotation: string;
  originalPrice: number;
  discountedPrice: number;
  description: string;
  category: 'men' | 'women';
  /**
   * The slug of its collection (`catalog/collections/{slug}`): data, not code
   * (docs/product.md §2).
   */
  collection: string;
  /**
   * What it is, as a slug in the plural ("sneakers", "boots", "knitwear"): the catalog's Type
   * filter and search. Absent when the record names none (records older than decision 1502).
   */
  type?: string;
  /** Empty when the product has no size choice. */
  sizes: string[];
  colours: string[];
  /**
   * The colours' names in the page's language, one for each of `colours` (decision 5101); absent
   * in English or when the record has no translation of them. `colours` stay the keys.
   */
  colourLabels?: string[];
  /**
   * How many are left per size (`ONE_SIZE` without a size choice); absent when the product's
   * stock is not tracked (decision 1406).
   */
  stock?: Record<string, number>;
  /** Milliseconds since epoch; used for "newest" sorting. */
  createdAt: number;
}

/**
 * What a product card shows (listings, the home page, related products, "Complete the look"):
 * the catalog's query service answers these, not whole records, so a page ships only what its cards
 * draw. `colours` names the picture's colour in its alt text; `category` picks the home page's
 * cover pictures.
 */
export type ProductCard = Pick<
  Product,
  | 'id'
  | 'name'
  | 'imageUrl'
  | 'alt'
  | 'annotation'
  | 'originalPrice'
  | 'discountedPrice'
  | 'colours'
  | 'colourLabels'
  | 'category'
>;

/**
 * Numeric percentage (10..99), free shipment, or a fixed amount off the products with an amount
 * per currency (docs/product.md §9, decision 5101).
 */
export type DiscountType = number | 'SHIPMENT' | 'AMOUNT';

/** A fixed-amount code's amount in each currency it applies in ({ USD: 10, EUR: 10, GBP: 8 }). */
export type DiscountAmounts = Partial<Record<string, number>>;

/** A discount code as stored at `discounts/{code}`. */
export interface DiscountCode {
  code: string;
  discountType: DiscountType;
  description: string;
  /** An 'AMOUNT' code's amount per currency; a currency without one: the code does not apply there. */
  amounts?: DiscountAmounts;
}

export interface CartDiscount {
  isDiscount: boolean;
  discountType: DiscountType | null;
  discountCode: string;
  /** An 'AMOUNT' code's amounts, copied from its record (the rules check they are its own). */
  amounts?: DiscountAmounts;
}

/** A basket line: the product id, the chosen size (if any) and the quantity. */
export interface CartLine {
  id: string;
  quantity: number;
  size?: string;
  /** One of the product's `colours`, when it has any (decision 1503). */
  colour?: string;
}

/** A basket line enriched with catalog data for display (docs/product.md §3). */
export interface ProductLine extends CartLine {
  imageUrl: string;
  alt: string;
  annotation: string;
  name: string;
  originalPrice: number;
  discountedPrice: number;
  /**
   * The line's colour as the page's language names it (decision 5101), for display only: the
   * line's `colour` stays the product's own (its key, what an order records).
   */
  colourLabel?: string;
}

/** Client-side cart (docs/product.md §3): products as a list. */
export interface Cart {
  products: CartLine[];
  totalQuantity: number;
  discount: CartDiscount;
  totalPrice: number;
}

/** Server-side cart: products as a map keyed by line key (see `lineKey`). */
export interface ServerCart {
  products?: Record<string, CartLine>;
  totalQuantity: number;
  discount?: CartDiscount;
  totalPrice?: number;
}

/** Personal information (docs/product.md §3): all strings, default empty. */
export interface PersonalInformation {
  address: string;
  city: string;
  country: string;
  email: string;
  name: string;
  tel: string;
  zipCode: string;
}

/** Order data (docs/product.md §3) plus what the confirmation and order history need. */
export interface OrderData {
  products: ProductLine[];
  discount: CartDiscount;
  totalPrice: number;
  totalQuantity: number;
}

/**
 * A move of an order's status after it was placed, as its shopper sees it (decision 5201): when,
 * to which status, and the parcel's carrier and tracking number once shipped. Never who made it.
 */
export interface OrderStatusStep {
  at: number;
  to: string;
  carrier?: string;
  tracking?: string;
}

export interface StoredOrder extends OrderData {
  id: string;
  timestamp: number;
  paymentMethod: string;
  personalInformation: PersonalInformation;
  shipment: number;
  /** The readable order number the order function gave it (`TL-7F3K2Q`); older orders have none. */
  number?: string;
  /** 'placed' at first (decision 1401), then moved on by staff (decision 5201). */
  status?: string;
  /** Each move after 'placed', oldest first. */
  statusHistory?: OrderStatusStep[];
  /** A card order's payment (decision 5301). */
  payment?: OrderPayment;
  /** What it was priced and charged in (decision 5101); absent on older orders: US dollars. */
  currency?: Currency;
  /** The market it was placed in (`us`, `de`, `uk`); absent on older orders: `us`. */
  market?: string;
}

/**
 * What the `orderStatus` function shows a guest of an order (decision 1405): the order's number,
 * status, lines and totals, and where it goes by name and city only; no phone, address or email.
 */
export interface OrderReceipt extends OrderData {
  number: string;
  status: string;
  timestamp: number;
  shipment: number;
  paymentMethod: string;
  shipping: { name: string; city: string };
  /** Each move after 'placed', oldest first (decision 5201); absent from an older function. */
  history?: OrderStatusStep[];
  /** A card order's payment, without the provider's ids (decision 5301). */
  payment?: PaymentSummary;
  /** The order's currency (decision 5101); absent from an older function or order: US dollars. */
  currency?: Currency;
}

/** Write helper result (docs/product.md §7). */
export type WriteResult<T = unknown> =
  { status: 200; response: T } | { status: 500; error: DatabaseError };

/**
 * The error of a failed database call. `code` is the HTTP status as text ('401') when the server
 * answered, or 'network-error' / 'timeout' / 'invalid-response' when it did not.
 */
export interface DatabaseError {
  code: string;
  message: string;
  /** The HTTP status the server answered with; absent when no answer arrived. */
  httpStatus?: number;
}

/** Record at `users/anonymousTokens/{sessionUid}` (no password is ever stored). */
export interface AnonymousTokenRecord {
  isSignedIn?: { status: boolean };
  credentials?: { email: string; userAccountUid: string };
  anonymousCart?: ServerCart;
  anonymousOrders?: Record<string, StoredOrder>;
}

/** Record at `users/validated/{accountUid}` (no password is ever stored). */
export interface ValidatedUserRecord {
  credentials?: { email: string };
  personalInformation?: Partial<PersonalInformation>;
  userCart?: ServerCart;
  userOrders?: Record<string, StoredOrder>;
}

/** Result of signUp / signIn (docs/product.md §4: isSignedIn, email, justSignedIn, userAccountUid). */
export type AuthResult =
  | { isSignedIn: true; email: string; justSignedIn: true; userAccountUid: string }
  | { error: string };

/** Result of changeEmail / changePassword. */
export type ChangeResult = { ok: true } | { ok: false; error: string };

/** Result of checkPasswordResetCode / completePasswordReset: the account's email, or why not. */
export type PasswordResetResult = { ok: true; email: string } | { ok: false; error: string };
