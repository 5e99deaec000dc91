// The order's vocabulary, in one place (decision 3801): where orders live in the database, what
// their keys look like, what a stored order holds, its statuses, and why placing one can fail. Read
// by the checkout (writes and reads orders, names failures), the account (lists and shows them) and
// the order functions (place and find them); `orderVocabulary.test.ts` checks the paths and the key
// against `database.rules.json`. No React, no browser: the functions import it as it is
// (`@shop/shared/order/orderVocabulary`). The order's personal fields and payment methods are
// `orderFields.ts`.
import { accountCartPath, anonymousCartPath } from '../basket/cartPaths';
import type { StoredOrder } from '../types';
import { translatable } from '../i18n/translatable';

/**
 * An order's key: a push id (`newOrderKey()`, made by the checkout once per checkout), 20
 * characters of the push alphabet. Every key the database holds an order under has this shape.
 */
export const ORDER_KEY_PATTERN = /^[-0-9A-Za-z_]{20}$/;

export const isOrderKey = (value: string): boolean => ORDER_KEY_PATTERN.test(value);

/**
 * An order's readable number, given by the order function: "TL-" and 6 characters of an alphabet
 * without look-alikes (no 0/O, 1/I/L, U/V), e.g. TL-7F3K2Q: 29^6 ≈ 595 million numbers. The key
 * stays the order's identity (the number is for people: the confirmation, e-mails, the phone).
 */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const ORDER_NUMBER_PREFIX = 'TL-';
export const ORDER_NUMBER_LENGTH = 6;
export const ORDER_NUMBER_PATTERN = new RegExp(
  `^${ORDER_NUMBER_PREFIX}[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`,
);

/**
 * An order's email as the functions compare and index it: trimmed, lower-cased (the order-number
 * index, the guest-order index, first-order marks and the staff's index, decisions 1405 and 5204).
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** The longest order number the order-status page takes as typed (room for spaces around it). */
export const ORDER_NUMBER_MAX_LENGTH = 20;

/** Where orders and what they need live (docs/product.md §7; architecture "Identity and data"). */
export const ORDER_PATHS = {
  /** A signed-in account's record. */
  account: (accountUid: string) => `users/validated/${accountUid}`,
  /** An anonymous session's record. */
  session: (sessionUid: string) => `users/anonymousTokens/${sessionUid}`,
  accountOrders: (accountUid: string) => `users/validated/${accountUid}/userOrders`,
  accountOrder: (accountUid: string, key: string) =>
    `users/validated/${accountUid}/userOrders/${key}`,
  anonymousOrders: (sessionUid: string) => `users/anonymousTokens/${sessionUid}/anonymousOrders`,
  anonymousOrder: (sessionUid: string, key: string) =>
    `users/anonymousTokens/${sessionUid}/anonymousOrders/${key}`,
  /** The baskets an order is made from: the basket's own paths (basket/cartPaths.ts). */
  accountCart: accountCartPath,
  anonymousCart: anonymousCartPath,
  /** The account's personal information, saved with its orders (docs/product.md §3). */
  personalInformation: (accountUid: string) => `users/validated/${accountUid}/personalInformation`,
  /** `{ path, email }` of the order with that number (decision 1405); functions only. */
  orderNumbers: 'orderNumbers',
  orderNumber: (number: string) => `orderNumbers/${number}`,
  /** A placing order's claim on its key (functions/src/orderClaim.ts); functions only. */
  orderClaims: 'orderClaims',
  /** Who has ordered, for first-order-only codes (functions/src/firstOrder.ts); functions only. */
  firstOrders: 'firstOrders',
  /**
   * A guest's orders by checkout email, `{sha256(email)}/{orderKey}` = `{ session, placedAt }`,
   * for an account with that email, once verified, to claim (functions/src/guestOrders.ts,
   * decision 4401); functions only.
   */
  guestOrdersByEmail: 'guestOrdersByEmail',
  guestOrderByEmail: (emailHash: string, key: string) => `guestOrdersByEmail/${emailHash}/${key}`,
  /** Which account claimed a guest's order, `{orderKey}` = `{ uid, at }`, for good; functions only. */
  guestOrderClaims: 'guestOrderClaims',
  guestOrderClaim: (key: string) => `guestOrderClaims/${key}`,
  /**
   * Staff's moves of an order, `{orderKey}/{step}` = `{ at, by, from, to, note?, carrier?,
   * tracking? }`: who did what, kept apart from the order the shopper reads (decision 5201);
   * functions only.
   */
  orderAudit: 'orderAudit',
  orderAuditStep: (key: string, step: number) =>
    `orderAudit/${key}/${String(step).padStart(4, '0')}`,
} as const;

/** The fields of a stored order (shared `StoredOrder`; `number` and `status` since decision 1401). */
export const ORDER_FIELDS = [
  'id',
  'number',
  'status',
  'timestamp',
  'products',
  'discount',
  'totalPrice',
  'totalQuantity',
  'shipment',
  'paymentMethod',
  'personalInformation',
] as const satisfies readonly (keyof StoredOrder)[];

/**
 * An order's statuses: 'placed' when the order function stores it (decision 1401), then moved on
 * by staff through the status function (decision 5201).
 */
export const ORDER_STATUSES = [
  'placed',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order may go from each status (decision 5201): paid, packed, shipped (with a carrier
 * and a tracking number), delivered; cancelled before it ships (its stock goes back), refunded
 * once shipped. The status function refuses every other move.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** How each status reads, in English: a shopper's page shows it in its language (sharedMessages). */
const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  placed: translatable('Placed'),
  paid: translatable('Paid'),
  packed: translatable('Packed'),
  shipped: translatable('Shipped'),
  delivered: translatable('Delivered'),
  cancelled: translatable('Cancelled'),
  refunded: translatable('Refunded'),
};

/** A status as people read it ("placed" → "Placed"): the same on every page and in messages. */
export const orderStatusLabel = (status: string): string =>
  isOrderStatus(status)
    ? ORDER_STATUS_LABELS[status]
    : status.charAt(0).toUpperCase() + status.slice(1);

/** The error codes the order function (`placeOrder`) answers with, besides its order. */
export const PLACE_ORDER_ERRORS = [
  'method-not-allowed',
  'invalid-request',
  'unauthenticated',
  'empty-basket',
  'too-many-lines',
  'out-of-stock',
  'busy',
  'in-progress',
  'too-many-orders',
  'unavailable',
  'discount',
  'first-order-only',
  'database-unavailable',
  'internal',
  /** A card payment could not be made or does not match the order (decision 5301). */
  'payment',
  'payment-unavailable',
  /** The request named a market the shop does not sell in (decision 5101). */
  'unknown-market',
] as const;
export type PlaceOrderError = (typeof PLACE_ORDER_ERRORS)[number];

/**
 * Why an order was not placed, as the checkout's confirmation names it (in its address:
 * `?status=failed&reason=...`): the function's refusals it tells apart, and the checkout's own.
 */
export const ORDER_FAILURE_REASONS = [
  'invalid-details',
  'signup',
  'unavailable',
  'discount',
  'first-order-only',
  'out-of-stock',
  'too-many-lines',
  'empty-basket',
  'write',
  'service',
  'pending',
  'too-many-orders',
  'not-found',
  'unreachable',
  /** The card was not authorised, or card payments are unavailable (decision 5301). */
  'payment',
] as const;
export type OrderFailureReason = (typeof ORDER_FAILURE_REASONS)[number];

export function isOrderFailureReason(value: unknown): value is OrderFailureReason {
  return (ORDER_FAILURE_REASONS as readonly unknown[]).includes(value);
}

/**
 * The function's refusals, as the confirmation names them. 'empty-basket' is the checkout's
 * to decide (its basket may not have reached the database); any code not here is 'write'.
 */
export const REFUSAL_REASONS: Partial<Record<PlaceOrderError, OrderFailureReason>> = {
  unavailable: 'unavailable',
  discount: 'discount',
  'first-order-only': 'first-order-only',
  'too-many-orders': 'too-many-orders',
  payment: 'payment',
  'payment-unavailable': 'payment',
  'out-of-stock': 'out-of-stock',
  'too-many-lines': 'too-many-lines',
  'invalid-request': 'invalid-details',
  busy: 'service',
  // A page of a market the order function does not know yet: ours to fix, not the shopper's.
  'unknown-market': 'service',
};

/**
 * Failures whose message (the order function's own words) names the items to change, the code
 * refused or when to try again.
 */
export const REASONS_NAMING_ITEMS: readonly OrderFailureReason[] = [
  'out-of-stock',
  'too-many-lines',
  'first-order-only',
  'too-many-orders',
  'payment',
];

/** Failures the shopper fixes in the basket (the confirmation leads there first). */
export const REASONS_FIXED_IN_BASKET: readonly OrderFailureReason[] = [
  'unavailable',
  'discount',
  'first-order-only',
  'out-of-stock',
  'too-many-lines',
  'empty-basket',
];
