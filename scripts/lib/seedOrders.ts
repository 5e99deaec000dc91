// An order history for scale work (decision 5204): `npm run seed:orders -- --count 100000` writes
// N orders placed over the year before now by a few thousand fake customers (about 33 orders
// each; two in three with an account, the rest as guests with a session per order), priced from
// the hand-made catalog with the shop's pricing, each with its number (`orderNumbers`), its
// statuses in proportions that follow its age (a day-old order is placed or paid, a month-old one
// delivered, 5 % cancelled, a few refunded) and its entry in the staff's index (`staffOrders`).
// Written with the admin credential in multi-path PATCHes within the server's limits.
import { generatePushId } from '../../database/src/pushId';
import { toProductLine } from '../../shared/src/cart/productLine';
import { parseProductRecord } from '../../shared/src/catalog/productRecord';
import {
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_LENGTH,
  ORDER_NUMBER_PREFIX,
  ORDER_PATHS,
  type OrderStatus,
} from '../../shared/src/order/orderVocabulary';
import { priceLines } from '../../shared/src/pricing/pricing';
import { STAFF_PATHS, staffOrderEntryOf } from '../../shared/src/staff/staffVocabulary';
import type { Product, StoredOrder } from '../../shared/src/types';
import { DEFAULT_DATABASE_URL, patchBodies, readSeedProducts } from './seedCatalog';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Orders per PATCH: three locations each, within the server's 1,000 and 1 MB. */
const ORDERS_PER_BATCH = 250;
const PAYMENT_METHODS = ['card', 'card', 'card', 'bank transfer', 'cash on delivery'] as const;
const CARRIERS = ['DHL', 'UPS', 'DPD', 'Royal Mail'] as const;
// prettier-ignore
const NAMES = ['ada', 'alan', 'grace', 'linus', 'margaret', 'ken', 'barbara', 'dennis', 'frances', 'john', 'radia', 'tim'];

/** By age: [days younger than, [status, share]…]; the last row is every older order. */
const STATUS_MIX: ReadonlyArray<[number, ReadonlyArray<[OrderStatus, number]>]> = [
  [
    1,
    [
      ['placed', 0.55],
      ['paid', 0.35],
      ['cancelled', 0.1],
    ],
  ],
  [
    3,
    [
      ['paid', 0.15],
      ['packed', 0.35],
      ['shipped', 0.45],
      ['cancelled', 0.05],
    ],
  ],
  [
    10,
    [
      ['shipped', 0.45],
      ['delivered', 0.47],
      ['cancelled', 0.05],
      ['refunded', 0.03],
    ],
  ],
  [
    Infinity,
    [
      ['delivered', 0.9],
      ['cancelled', 0.05],
      ['refunded', 0.05],
    ],
  ],
];
/** The moves to each status, after 'placed'. */
const PATHS_TO: Record<OrderStatus, OrderStatus[]> = {
  placed: [],
  paid: ['paid'],
  packed: ['paid', 'packed'],
  shipped: ['paid', 'packed', 'shipped'],
  delivered: ['paid', 'packed', 'shipped', 'delivered'],
  cancelled: ['paid', 'cancelled'],
  refunded: ['paid', 'packed', 'shipped', 'delivered', 'refunded'],
};

/** mulberry32: a small deterministic generator of floats in [0, 1). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

function statusFor(rand: Rand, ageMs: number): OrderStatus {
  const [, mix] = STATUS_MIX.find(([days]) => ageMs < days * DAY) ?? STATUS_MIX[0]!;
  let roll = rand();
  for (const [status, share] of mix) {
    roll -= share;
    if (roll < 0) return status;
  }
  return mix[0]![0];
}

function newNumber(rand: Rand, taken: Set<string>): string {
  for (;;) {
    let number = ORDER_NUMBER_PREFIX;
    for (let i = 0; i < ORDER_NUMBER_LENGTH; i += 1)
      number += pick(rand, [...ORDER_NUMBER_ALPHABET]);
    if (!taken.has(number)) return (taken.add(number), number);
  }
}

/** The customer `u`: an e-mail, and an account uid or (for guests) none. */
function customer(u: number) {
  const name = NAMES[u % NAMES.length] as string;
  return {
    email: `${name}.${u}@example.com`,
    name,
    account: u % 3 === 2 ? null : `seed-acct-${u}`,
  };
}

export interface SeededOrder {
  path: string;
  order: StoredOrder & { number: string; status: OrderStatus };
}

/** The lines and totals of an order of 1 to 3 products of the hand-made catalog. */
function pricedLines(rand: Rand, products: readonly Product[]) {
  const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
    const product = pick(rand, products);
    const size = product.sizes.length > 0 ? pick(rand, product.sizes) : undefined;
    const line = {
      id: product.id,
      quantity: 1 + Math.floor(rand() * 2),
      ...(size ? { size } : {}),
    };
    return toProductLine(line, product);
  });
  const summary = priceLines(lines, null);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    products: lines,
    totalPrice: summary.total,
    totalQuantity: units,
    shipment: summary.shipment,
  };
}

/** Order `i` of `count`, placed in the year before `now` (in order of i). */
function seededOrder(
  i: number,
  count: number,
  now: number,
  products: readonly Product[],
  taken: Set<string>,
): SeededOrder {
  const rand = random(i + 1);
  const placedAt = now - 365 * DAY + Math.floor(((i + rand()) * 365 * DAY) / count);
  const status = statusFor(rand, now - placedAt);
  const who = customer(Math.floor(rand() * Math.max(10, Math.round(count / 33))));
  const key = generatePushId(placedAt);
  const carrier = pick(rand, CARRIERS);
  const tracking = `${carrier.slice(0, 2).toUpperCase()}${String(i).padStart(10, '0')}`;
  const history = PATHS_TO[status].map((to, step) => ({
    at: placedAt + (step + 1) * 20 * HOUR,
    to,
    ...(to === 'shipped' ? { carrier, tracking } : {}),
  }));
  const order = {
    id: key,
    number: newNumber(rand, taken),
    status,
    timestamp: placedAt,
    ...pricedLines(rand, products),
    discount: { isDiscount: false, discountType: null, discountCode: '' },
    paymentMethod: pick(rand, PAYMENT_METHODS),
    personalInformation: {
      name: `${who.name[0]?.toUpperCase()}${who.name.slice(1)} Seed`,
      email: who.email,
      tel: '+44 20 7946 0000',
      address: `${1 + (i % 200)} Seed Street`,
      city: 'London',
      zipCode: 'N1 9GU',
      country: 'United Kingdom',
    },
    ...(history.length > 0 ? { statusHistory: history } : {}),
    ...(history.some((step) => step.to === 'shipped') ? { delivery: { carrier, tracking } } : {}),
  };
  const path = who.account
    ? ORDER_PATHS.accountOrder(who.account, key)
    : ORDER_PATHS.anonymousOrder(`seed-guest-${i}`, key);
  return { path, order };
}

export interface SeedOrdersOptions {
  databaseUrl?: string;
  count: number;
  /** The end of the year of orders (default: now). */
  now?: number;
  log?: (line: string) => void;
}

/** Writes `count` orders with their numbers and index entries; answers a few to look for. */
export async function seedOrders(options: SeedOrdersOptions) {
  const started = performance.now();
  const base = (options.databaseUrl ?? DEFAULT_DATABASE_URL).replace(/\/+$/, '');
  const now = options.now ?? Date.now();
  const products = readSeedProducts().flatMap((record) => {
    const read = parseProductRecord(record.id, record);
    return read.status === 'ok' ? [read.product] : [];
  });
  const taken = new Set<string>();
  const samples: SeededOrder[] = [];
  for (let first = 0; first < options.count; first += ORDERS_PER_BATCH) {
    const locations: Array<[string, unknown]> = [];
    for (let i = first; i < Math.min(options.count, first + ORDERS_PER_BATCH); i += 1) {
      const seeded = seededOrder(i, options.count, now, products, taken);
      if (i % 1000 === 500 || i === options.count - 1) samples.push(seeded);
      const { order, path } = seeded;
      locations.push([path, order]);
      locations.push([
        ORDER_PATHS.orderNumber(order.number),
        { path, email: order.personalInformation.email },
      ]);
      locations.push([STAFF_PATHS.order(order.id), staffOrderEntryOf(order)]);
    }
    for (const body of patchBodies(locations)) {
      const response = await fetch(`${base}/.json`, {
        method: 'PATCH',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`PATCH: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
    if ((first / ORDERS_PER_BATCH) % 40 === 39)
      options.log?.(`${first + ORDERS_PER_BATCH} orders written`);
  }
  return { count: options.count, samples, ms: performance.now() - started };
}
