// `npm run backfill:low-stock` (decision 5207): makes the low-stock index agree with the catalog's
// counts, for sizes whose counts were set before the index existed or by hand (the seed, an
// operator). Reads the catalog page by page and the index whole (it holds the low sizes only),
// then notes each size whose entry is missing, wrong or no longer wanted, by the stock module's
// own noteStockLevel (which reads the count again, so an order placed meanwhile is not undone).
// Safe to run again: a second run changes nothing.
import { STAFF_PATHS, type LowStockEntry, lowStockKey } from '@shop/shared/staff/staffVocabulary';
import type { DatabaseClient } from './restDatabase';
import { lowStockEntryOf, noteStockLevel } from './stock';

/** Sizes noted at once. */
const PARALLEL = 8;

/** The catalog's low sizes by index key, read `pageSize` products at a time. */
async function wantedEntries(
  database: DatabaseClient,
  pageSize: number,
): Promise<{ products: number; wanted: Map<string, LowStockEntry> }> {
  const wanted = new Map<string, LowStockEntry>();
  let products = 0;
  let startAt: string | undefined;
  for (;;) {
    // startAt is inclusive: one more than a page, the first of which was the last one read.
    const page = await database.first<{ stock?: unknown }>(
      'catalog/products',
      pageSize + 1,
      startAt,
    );
    const ids = Object.keys(page)
      .filter((id) => id !== startAt)
      .sort();
    for (const id of ids) {
      products += 1;
      const stock = page[id]?.stock;
      if (typeof stock !== 'object' || stock === null) continue;
      for (const [size, left] of Object.entries(stock)) {
        const entry = lowStockEntryOf(id, size, left);
        if (entry) wanted.set(lowStockKey(id, size), entry);
      }
    }
    if (ids.length < pageSize) return { products, wanted };
    startAt = ids[ids.length - 1];
  }
}

export async function backfillLowStock(
  database: DatabaseClient,
  pageSize = 200,
  log: (message: string) => void = console.error,
): Promise<{ products: number; listed: number; noted: number }> {
  const { products, wanted } = await wantedEntries(database, pageSize);
  const present = (await database.get<Record<string, LowStockEntry>>(STAFF_PATHS.lowStock)) ?? {};
  const changes: Array<[productId: string, size: string, left: number | null]> = [];
  for (const [key, entry] of wanted) {
    if (present[key]?.left !== entry.left) changes.push([entry.productId, entry.size, entry.left]);
  }
  for (const [key, entry] of Object.entries(present)) {
    if (!wanted.has(key)) changes.push([entry.productId, entry.size, null]);
  }
  for (let first = 0; first < changes.length; first += PARALLEL) {
    await Promise.all(
      changes
        .slice(first, first + PARALLEL)
        .map(([productId, size, left]) => noteStockLevel(database, productId, size, left, log)),
    );
  }
  return { products, listed: wanted.size, noted: changes.length };
}
