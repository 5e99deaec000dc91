// Who runs the shop (decision 5201): staff members and their roles, as the status function checks
// them and the back office will show them. A member's roles are the record at `staff/{uid}`,
// written only by `npm run staff` with the database's admin credential; the identity service's
// custom claims carry the same roles for the browser, but only the record is trusted (an emulator
// token's claims are unsigned, so anyone could write them). No React, no browser.
import { type OrderStatus, normaliseEmail } from '../order/orderVocabulary';
import type { DiscountType, StoredOrder } from '../types';
import type { Currency } from '../payments/money';

export const STAFF_ROLES = ['merchandiser', 'fulfilment', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * `staff/{uid}`: `{ email, roles: { fulfilment: true, … } }`; read by its member only.
 * `staffOrders/{orderKey}`: the back office's index of every order (StaffOrderEntry, decision
 * 5204); functions only.
 * `lowStock/{productId}__{size}`: the tracked sizes with LOW_STOCK_LEFT or fewer left, sold-out
 * ones included (LowStockEntry, decision 5207); functions only.
 */
export const STAFF_PATHS = {
  members: 'staff',
  member: (uid: string) => `staff/${uid}`,
  orders: 'staffOrders',
  order: (orderKey: string) => `staffOrders/${orderKey}`,
  lowStock: 'lowStock',
  lowStockEntry: (productId: string, size: string) => `lowStock/${lowStockKey(productId, size)}`,
} as const;

/**
 * The key of a size's low-stock entry: `<productId>__<size>`, the size's characters a database
 * key may not hold (`.#$[]/`, and `%` itself) percent-encoded. Sizes are letters, digits and
 * spaces today (the basket's rules), so the key is the size as written.
 */
export const lowStockKey = (productId: string, size: string): string =>
  `${productId}__${size.replace(
    /[.#$[\]/%]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  )}`;

export interface StaffRecord {
  email: string;
  roles: Partial<Record<StaffRole, true>>;
}

/** The roles a stored record grants (an unknown or malformed record grants none). */
export function rolesOf(record: unknown): StaffRole[] {
  if (typeof record !== 'object' || record === null) return [];
  const roles = (record as { roles?: unknown }).roles;
  if (typeof roles !== 'object' || roles === null) return [];
  return STAFF_ROLES.filter((role) => (roles as Record<string, unknown>)[role] === true);
}

/** Which roles may move an order to each status (none may move one back to 'placed'). */
export const STATUS_CHANGERS: Readonly<Record<OrderStatus, readonly StaffRole[]>> = {
  placed: [],
  paid: ['fulfilment', 'admin'],
  packed: ['fulfilment', 'admin'],
  shipped: ['fulfilment', 'admin'],
  delivered: ['fulfilment', 'admin'],
  cancelled: ['fulfilment', 'admin'],
  refunded: ['admin'],
};

/**
 * One order in the back office's index, `staffOrders/{orderKey}` (decision 5204): what the list
 * shows and filters on, written by the order function with the order and kept in step by the
 * status function. The database indexes `placedAt`, `statusKey` and `email`.
 */
export interface StaffOrderEntry {
  /** The order's readable number, e.g. TL-7F3K2Q. */
  number: string;
  /** When it was placed (the order's `timestamp`), ms since the epoch. */
  placedAt: number;
  status: OrderStatus;
  /** `<status>|<placedAt as 13 digits>`: one range of it is one status between two dates. */
  statusKey: string;
  /** The checkout's email, lower-cased. */
  email: string;
  /** The order's `totalPrice` in its currency, with cents as decimals (products, discount, shipment). */
  total: number;
  /** Items ordered (the order's `totalQuantity`). */
  units: number;
  /** The payment method (orderFields.ts PAYMENT_METHOD_VALUES). */
  method: string;
  /** The currency of `total` when it is not US dollars (decision 5101); absent: USD. */
  currency?: Currency;
}

/** A row of the `staffOrders` function's answer: an index entry and its order's key. */
export type StaffOrderRow = StaffOrderEntry & { key: string };

/**
 * `GET staffOrders?status&from&to&q&before&limit` answers the orders newest first and, when there
 * are more, the cursor to send as `before` for the next page.
 */
export interface StaffOrdersAnswer {
  orders: StaffOrderRow[];
  next?: string;
}

/** One staff move of an order, as the `staffOrder` function answers it: `by` is their email. */
export interface StaffAuditEntry {
  at: number;
  by: string | null;
  from: OrderStatus;
  to: OrderStatus;
  note?: string;
  carrier?: string;
  tracking?: string;
}

/**
 * A stored order as the order function writes it (decision 1401): without a code its
 * `discountType` is '', and a shipped order has its `delivery`.
 */
export type StaffOrderRecord = Omit<StoredOrder, 'discount'> & {
  discount: { isDiscount: boolean; discountType: DiscountType | ''; discountCode: string };
  delivery?: { carrier: string; tracking: string };
};

/** `GET staffOrder?number=TL-…`: the whole order, its key and its audit trail, oldest first. */
export interface StaffOrderAnswer {
  key: string;
  order: StaffOrderRecord;
  audit: StaffAuditEntry[];
}

/** The errors both staff reading functions answer with (`{ error, message }`). */
export type StaffReadError =
  | 'method-not-allowed'
  | 'invalid-request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'database-unavailable'
  | 'internal';

/** The statusKey of an order: its status, then when it was placed as 13 digits (sorts as text). */
export const statusKeyOf = (status: string, placedAt: number): string =>
  `${status}|${String(placedAt).padStart(13, '0')}`;

/** The fields of a stored order the index entry is made of. */
export interface IndexedOrder {
  number: string;
  timestamp: number;
  status: OrderStatus;
  totalPrice: number;
  totalQuantity: number;
  paymentMethod: string;
  personalInformation: { email: string };
  /** Absent on orders before markets: US dollars (decision 5101). */
  currency?: Currency;
}

/** An order's index entry (the order function, the status function and the seeder make it so). */
export function staffOrderEntryOf(order: IndexedOrder): StaffOrderEntry {
  return {
    number: order.number,
    placedAt: order.timestamp,
    status: order.status,
    statusKey: statusKeyOf(order.status, order.timestamp),
    email: normaliseEmail(order.personalInformation.email),
    total: order.totalPrice,
    units: order.totalQuantity,
    method: order.paymentMethod,
    // Only when not dollars: US entries stay as they were; absent reads as USD.
    ...(order.currency && order.currency !== 'USD' ? { currency: order.currency } : {}),
  };
}

/**
 * A size about to sell out, `lowStock/{productId}__{size}` (decision 5207): written by the
 * functions right after they change its count, removed once more than LOW_STOCK_LEFT are left.
 * `size` is the stock key (`ONE_SIZE` for a product without a size choice). Indexed on `left`.
 */
export interface LowStockEntry {
  productId: string;
  size: string;
  left: number;
}

/** A row of the dashboard's low-stock list: the entry and the product's name. */
export type LowStockRow = LowStockEntry & { name: string };

/**
 * `GET staffDashboard?day=YYYY-MM-DD` (decision 5207): one UTC day of the order index (default:
 * today) and the sizes about to sell out, sold-out first. `orders` and `byStatus` count every
 * order placed that day; `revenue` (US dollars, the orders' `totalPrice`) and `units` leave out the
 * cancelled and refunded ones. `lowStockMore`: more sizes are low than the list shows.
 */
export interface StaffDashboardAnswer {
  day: string;
  orders: number;
  revenue: number;
  /**
   * The revenue of orders in other currencies than US dollars, by currency, when there are any
   * (decision 5101): amounts of two currencies are never added up. Absent: all in `revenue`.
   */
  revenueByCurrency?: Partial<Record<Currency, number>>;
  units: number;
  byStatus: Record<OrderStatus, number>;
  lowStock: LowStockRow[];
  lowStockMore: boolean;
}

/** The longest texts a status change may carry (the status function refuses longer ones). */
export const STATUS_CHANGE_LIMITS = {
  carrierChars: 40,
  trackingChars: 40,
  noteChars: 500,
} as const;
