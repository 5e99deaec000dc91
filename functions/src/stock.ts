// Reserving stock as an order is stored (decision 1406). Each product size's count
// (`catalog/products/{id}/stock/{size}`) is lowered with a compare-and-set: read it with its ETag,
// write the lower count only if the ETag is unchanged, and read again when another order came
// first. So concurrent orders for the last items get exactly as many items as there are, and a
// count never goes below zero. An order of several lines takes them one by one and gives back
// what it took when a later line is short or the order is not stored after all.
// Each count's write is followed by its size's entry in the low-stock index (decision 5207).
import { LOW_STOCK_LEFT, describeItem, stockKey } from '@shop/shared/catalog/stock';
import { type LowStockEntry, STAFF_PATHS } from '@shop/shared/staff/staffVocabulary';
import type { CartLine, Product } from '@shop/shared/types';
import type { DatabaseClient } from './restDatabase';

/** Where a product size's count is kept (`size`: the stock key, ONE_SIZE for no size choice). */
export const stockPath = (productId: string, size: string): string =>
  `catalog/products/${productId}/stock/${size}`;

/** What one order needs of one product size. */
export interface StockNeed {
  id: string;
  size?: string;
  name: string;
  quantity: number;
  path: string;
}

/** How often a size's low-stock entry is written again because its count moved meanwhile. */
const LOW_STOCK_TRIES = 5;

/** A count's low-stock entry: null (none) when the size is not tracked or has enough left. */
export function lowStockEntryOf(
  productId: string,
  size: string,
  left: unknown,
): LowStockEntry | null {
  if (typeof left !== 'number' || !Number.isFinite(left)) return null;
  const whole = Math.max(0, Math.floor(left));
  return whole <= LOW_STOCK_LEFT ? { productId, size, left: whole } : null;
}

const sameEntry = (a: LowStockEntry | null, b: LowStockEntry | null) =>
  a === b || (a !== null && b !== null && a.left === b.left);

/**
 * Puts a size's entry in the low-stock index (decision 5207) after its count was written as
 * `left`: listed at LOW_STOCK_LEFT or fewer (sold out included), removed above. The stock
 * functions call it after each count they change, and so must anything else that sets a count.
 * Two writers' entries may land in either order, so each writer reads the count again after its
 * entry and writes once more when the count now wants another entry: the last entry written is
 * then the last count's. A failure is logged, not thrown (the count is right; the backfill,
 * `npm run backfill:low-stock`, mends the index).
 */
export async function noteStockLevel(
  database: DatabaseClient,
  productId: string,
  size: string,
  left: number | null,
  log: (message: string) => void = console.error,
): Promise<void> {
  const path = STAFF_PATHS.lowStockEntry(productId, size);
  let entry = lowStockEntryOf(productId, size, left);
  try {
    for (let attempt = 0; attempt < LOW_STOCK_TRIES; attempt += 1) {
      await database.put(path, entry);
      const now = lowStockEntryOf(
        productId,
        size,
        await database.get<unknown>(stockPath(productId, size)),
      );
      if (sameEntry(now, entry)) return;
      entry = now;
    }
    log(`low stock: ${productId} ${size} kept changing; left to its next change`);
  } catch (error) {
    log(`low stock: ${productId} ${size}: ${String(error)}`);
  }
}

/** A product size the order wants more of than is left. */
export interface Shortage {
  id: string;
  size?: string;
  name: string;
  wanted: number;
  left: number;
}

export class OutOfStock extends Error {
  constructor(readonly shortages: Shortage[]) {
    super(shortages.map(describeShortage).join(' '));
    this.name = 'OutOfStock';
  }
}

/** Too many orders changed one count at once for this one to get its turn (it may be retried). */
export class StockBusy extends Error {
  constructor(path: string) {
    super(`stock at ${path} kept changing; gave up`);
    this.name = 'StockBusy';
  }
}

export function describeShortage(shortage: Shortage): string {
  const item = describeItem(shortage.name, shortage.size);
  return shortage.left <= 0
    ? `${item} is sold out: please remove it from your basket.`
    : `Only ${shortage.left} left of ${item} (your basket has ${shortage.wanted}): please lower the quantity.`;
}

/** The counts an order needs, one per product size, of the products whose stock is tracked. */
export function stockNeeds(lines: CartLine[], products: Map<string, Product>): StockNeed[] {
  const needs = new Map<string, StockNeed>();
  for (const line of lines) {
    const product = products.get(line.id);
    if (!product?.stock || line.quantity <= 0) continue;
    const path = stockPath(line.id, stockKey(line.size));
    const need = needs.get(path);
    // Two colours of one size draw on one count.
    if (need) need.quantity += line.quantity;
    else
      needs.set(path, {
        id: line.id,
        ...(line.size ? { size: line.size } : {}),
        name: product.name,
        quantity: line.quantity,
        path,
      });
  }
  // Always in the same order, so two orders never hold each other's first count.
  return [...needs.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * How long one count is tried for. Compare-and-set is not fair: under a burst on one size a slow
 * request can lose many rounds in a row, so it keeps trying for a time, not a number of rounds
 * (the browser waits 20 s for the order).
 */
export const STOCK_WAIT_MS = 8000;
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
// Random pauses that grow a little: the requests that collided try again at different times.
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 5 * attempt)));

/** One product size's count. */
interface Counted {
  id: string;
  size?: string;
}

/**
 * Adds `delta` to the count of a product size unless it would go below zero; answers what was
 * left. `onlyTracked`: a count that is not stored is left alone (not done), read once with the
 * rest. A written count is followed by its low-stock entry, unless it had and has more than
 * LOW_STOCK_LEFT (then no entry was and none is wanted: the common order costs no more writes).
 */
async function change(
  database: DatabaseClient,
  counted: Counted,
  delta: number,
  log: (message: string) => void,
  onlyTracked = false,
): Promise<{ done: boolean; left: number }> {
  const size = stockKey(counted.size);
  const path = stockPath(counted.id, size);
  const deadline = Date.now() + STOCK_WAIT_MS;
  let { value, etag } = await database.getWithEtag<unknown>(path);
  if (onlyTracked && value === null) return { done: false, left: 0 };
  for (let attempt = 1; Date.now() < deadline; attempt += 1) {
    const left = count(value);
    if (left + delta < 0) return { done: false, left };
    const result = await database.putIfMatch(path, left + delta, etag);
    if (result.written) {
      if (Math.min(left, left + delta) <= LOW_STOCK_LEFT) {
        await noteStockLevel(database, counted.id, size, left + delta, log);
      }
      return { done: true, left: left + delta };
    }
    // Another order changed it first: the refusal carries the new count and its ETag.
    value = result.value;
    etag = result.etag;
    if (!etag) ({ value, etag } = await database.getWithEtag<unknown>(path));
    await pause(attempt);
  }
  throw new StockBusy(path);
}

export interface Reservation {
  /** Gives back what was taken (the order was not stored after all). */
  release(): Promise<void>;
}

/**
 * Takes what the order needs, all or nothing: throws OutOfStock naming every short product size
 * (and takes nothing), or answers the reservation.
 */
export async function reserveStock(
  database: DatabaseClient,
  needs: StockNeed[],
  log: (message: string) => void = console.error,
): Promise<Reservation> {
  const taken: StockNeed[] = [];
  const release = async () => {
    await Promise.all(
      taken.splice(0).map((need) =>
        change(database, need, need.quantity, log).catch((error: unknown) => {
          // Lost stock is counted wrong, not sold twice; the log says what to correct.
          log(`stock: could not give back ${need.quantity} at ${need.path}: ${String(error)}`);
        }),
      ),
    );
  };
  try {
    for (const [index, need] of needs.entries()) {
      const result = await change(database, need, -need.quantity, log);
      if (result.done) {
        taken.push(need);
        continue;
      }
      // Name every short line, not only the first: the shopper fixes the basket once.
      const shortages: Shortage[] = [{ ...shortageOf(need), left: result.left }];
      for (const rest of needs.slice(index + 1)) {
        const left = count(await database.get<unknown>(rest.path));
        if (left < rest.quantity) shortages.push({ ...shortageOf(rest), left });
      }
      throw new OutOfStock(shortages);
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { release };
}

const shortageOf = (need: StockNeed): Omit<Shortage, 'left'> => ({
  id: need.id,
  ...(need.size ? { size: need.size } : {}),
  name: need.name,
  wanted: need.quantity,
});

/**
 * Gives back the stock of a cancelled order's lines (decision 5201): each tracked product size's
 * count goes up by the line's quantity, by the same compare-and-set. A size whose count is not
 * stored is not tracked and is left alone. A count that cannot be changed is logged, not thrown:
 * the order is cancelled either way, and the log says what to correct.
 */
export async function restoreStock(
  database: DatabaseClient,
  lines: ReadonlyArray<{ id: string; size?: string; quantity: number }>,
  log: (message: string) => void = console.error,
): Promise<void> {
  const back = new Map<string, Counted & { quantity: number }>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const path = stockPath(line.id, stockKey(line.size));
    const given = back.get(path);
    if (given) given.quantity += line.quantity;
    else back.set(path, { id: line.id, size: stockKey(line.size), quantity: line.quantity });
  }
  for (const [path, given] of back) {
    try {
      await change(database, given, given.quantity, log, true);
    } catch (error) {
      log(`stock: could not give back ${given.quantity} at ${path}: ${String(error)}`);
    }
  }
}
