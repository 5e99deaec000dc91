// The back office's dashboard (decision 5207): one UTC day's orders from the staff order index
// and the sizes about to sell out from the low-stock index, each one bounded read. Shared by the
// `staffDashboard` function and `npm run bench:staff-orders`, so the bench times these reads.
// - The day: `staffOrders` by `placedAt` from the day's first to its last millisecond (that
//   day's entries only, however long the history).
// - Low stock: `lowStock` by `left`, the first LOW_STOCK_SHOWN + 1 (sold-out first), then each
//   listed product's name, in parallel.
import type { Currency } from '@shop/shared/payments/money';
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/order/orderVocabulary';
import {
  type LowStockEntry,
  type LowStockRow,
  STAFF_PATHS,
  type StaffDashboardAnswer,
  type StaffOrderEntry,
} from '@shop/shared/staff/staffVocabulary';
import type { DatabaseClient } from './restDatabase';
import { DAY_MS, dayStart, textParams } from './staffOrderQuery';

/** How many low sizes the dashboard lists; one more is read to say there are more. */
export const LOW_STOCK_SHOWN = 20;
/** Orders that bring no money in: counted by status, left out of revenue and units. */
const NOT_SOLD: readonly OrderStatus[] = ['cancelled', 'refunded'];

export interface StaffDashboardQuery {
  day: string;
  /** The day's first millisecond (UTC). */
  startMs: number;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `?day=YYYY-MM-DD` (UTC; a future day is fine) or today at `now`; a 400 for anything else. */
export function parseStaffDashboardQuery(
  params: Record<string, unknown>,
  now: number,
): StaffDashboardQuery {
  const given = textParams(params, ['day'] as const).day;
  const day = given ?? isoDay(now);
  return { day, startMs: dayStart('day', day) };
}

export type DaySummary = Omit<StaffDashboardAnswer, 'day' | 'lowStock' | 'lowStockMore'>;

/**
 * The day's figures from its index entries; money summed in whole cents (exact), then dollars:
 * `revenue` is the US dollar orders', each other currency's is in `revenueByCurrency`.
 */
export function summariseDay(entries: Iterable<StaffOrderEntry>): DaySummary {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  let orders = 0;
  let units = 0;
  // Money of different currencies is never added up (decision 5101): cents per currency.
  const cents = new Map<Currency, number>([['USD', 0]]);
  for (const entry of entries) {
    orders += 1;
    if (entry.status in byStatus) byStatus[entry.status] += 1;
    if (NOT_SOLD.includes(entry.status)) continue;
    const currency = entry.currency ?? 'USD';
    cents.set(currency, (cents.get(currency) ?? 0) + Math.round((Number(entry.total) || 0) * 100));
    units += Number(entry.units) || 0;
  }
  const others = [...cents].filter(([currency]) => currency !== 'USD');
  return {
    orders,
    revenue: (cents.get('USD') ?? 0) / 100,
    units,
    byStatus,
    ...(others.length > 0
      ? { revenueByCurrency: Object.fromEntries(others.map(([c, n]) => [c, n / 100])) }
      : {}),
  };
}

/** One range of the order index: the entries placed on the day that starts at `startMs`. */
export async function readDay(database: DatabaseClient, startMs: number): Promise<DaySummary> {
  const entries = await database.query<StaffOrderEntry>(STAFF_PATHS.orders, {
    orderBy: 'placedAt',
    startAt: startMs,
    endAt: startMs + DAY_MS - 1,
  });
  return summariseDay(Object.values(entries));
}

/** Fewest left first (sold out first), then by key as the database orders ties. */
const fewestFirst = ([keyA, a]: [string, LowStockEntry], [keyB, b]: [string, LowStockEntry]) =>
  a.left - b.left || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0);

/** The sizes about to sell out, sold-out first, with their products' names (read in parallel). */
export async function readLowStock(
  database: DatabaseClient,
): Promise<Pick<StaffDashboardAnswer, 'lowStock' | 'lowStockMore'>> {
  const found = await database.query<LowStockEntry>(STAFF_PATHS.lowStock, {
    orderBy: 'left',
    limitToFirst: LOW_STOCK_SHOWN + 1,
  });
  const entries = Object.entries(found).sort(fewestFirst);
  const shown = entries.slice(0, LOW_STOCK_SHOWN).map(([, entry]) => entry);
  const ids = [...new Set(shown.map((entry) => entry.productId))];
  const names = new Map(
    await Promise.all(
      ids.map(
        async (id) => [id, await database.get<unknown>(`catalog/products/${id}/name`)] as const,
      ),
    ),
  );
  const lowStock = shown.map(({ productId, size, left }): LowStockRow => {
    const name = names.get(productId);
    // A product gone from the catalog (its entry not yet removed) is shown by its id.
    return { productId, name: typeof name === 'string' ? name : productId, size, left };
  });
  return { lowStock, lowStockMore: entries.length > LOW_STOCK_SHOWN };
}

/** The dashboard's answer: the day's figures and the low sizes, read side by side. */
export async function readStaffDashboard(
  database: DatabaseClient,
  query: StaffDashboardQuery,
): Promise<StaffDashboardAnswer> {
  const [day, low] = await Promise.all([readDay(database, query.startMs), readLowStock(database)]);
  return { day: query.day, ...day, ...low };
}
