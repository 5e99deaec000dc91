// The catalog team's product reader: one schema at the edge for a stored product record
// (`catalog/products/{id}`), used by every app that reads products (catalog pages, the basket,
// the order). A record that does not fit is skipped with a logged reason, never passed on half
// shaped and never thrown: a page shows "no longer available" rather than crash.
//
// zod/mini (not classic zod): the same validation with functions instead of methods, so the
// bundler keeps only what this schema uses (~7 KiB gzip against ~27 KiB; decision 1201). Its
// error messages are not loaded (no locale), so reasons are written here from each issue.
// Imported as `@shop/shared/catalog/productRecord`, not from the package's main module: the apps
// bundle it where they read records, so zod is not part of every page's first load (decision 1311).
import * as z from 'zod/mini';
import type { Product } from '../types';
import { COLLECTION_SLUG, PRODUCT_TYPE } from './slugs';
import { readStock } from './stock';

/**
 * The Realtime Database drops empty arrays (a product without sizes comes back without `sizes`)
 * and may return an array as an object keyed by index; a deleted element leaves a null.
 */
const stringList = z.optional(
  z.union([z.array(z.nullable(z.string())), z.record(z.string(), z.nullable(z.string()))]),
);
const text = z.optional(z.string());

export { COLLECTION_SLUG, PRODUCT_TYPE };

/**
 * A stored product record as the catalog team publishes it. Required: a non-empty `name` and a
 * finite `originalPrice` ≥ 0. Every other field may be absent (a default is filled in), but when
 * present it must have its type. Fields the schema does not name are dropped.
 */
export const productRecordSchema = z.object({
  id: text,
  name: z.string().check(z.minLength(1)),
  imageUrl: text,
  alt: text,
  annotation: text,
  originalPrice: z.number().check(z.gte(0)),
  discountedPrice: z.optional(z.number().check(z.gte(0))),
  description: text,
  category: z.optional(z.enum(['men', 'women'])),
  // Any collection in the data, by its slug.
  collection: z.optional(z.string().check(z.regex(COLLECTION_SLUG))),
  // Optional: records written before types existed still read (the product has no type).
  type: z.optional(z.string().check(z.regex(PRODUCT_TYPE))),
  sizes: stringList,
  colours: stringList,
  createdAt: z.optional(z.number()),
  // How many are left per size (decision 1406); absent: not tracked.
  stock: z.optional(z.record(z.string(), z.number())),
  // false: taken off sale by staff (decision 5208); absent or true: on sale.
  published: z.optional(z.boolean()),
});

/** A record as stored (what the schema accepts), before defaults are filled in. */
export type ProductRecord = z.infer<typeof productRecordSchema>;

export type ProductRead =
  | { status: 'ok'; product: Product }
  /** No record at that path (null or absent): not an error, the product does not exist. */
  | { status: 'missing' }
  | { status: 'malformed'; reason: string };

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value === 'string' ? `a string` : `${typeof value} ${JSON.stringify(value)}`;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** One issue of zod as a sentence: where, what was expected, what was found. */
function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the record';
  const found = describeValue(valueAt(raw, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      return `${where}: expected ${issue.expected}, got ${found}`;
    case 'invalid_value':
      return `${where}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${found}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${where}: must not be empty`
        : `${where}: must be ≥ ${String(issue.minimum)}, got ${found}`;
    case 'invalid_union':
      return `${where}: expected a list of strings, got ${found}`;
    default:
      return `${where}: invalid (${issue.code})`;
  }
}

const list = (value: ProductRecord['sizes']): string[] =>
  (Array.isArray(value) ? value : Object.values(value ?? {})).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );

/** The stored record `raw` of key `key` as a Product, or why it can't be one. Pure: no logging. */
export function parseProductRecord(key: string, raw: unknown): ProductRead {
  if (raw === null || raw === undefined) return { status: 'missing' };
  const parsed = productRecordSchema.safeParse(raw);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => describeIssue(issue, raw)).join('; ');
    return { status: 'malformed', reason };
  }
  const record = parsed.data;
  // Off sale (decision 5208): to shoppers, their baskets and the order function, no such product.
  if (record.published === false) return { status: 'missing' };
  const id = record.id || key;
  const stock = readStock(record.stock);
  return {
    status: 'ok',
    product: {
      id,
      name: record.name,
      imageUrl: record.imageUrl || `/images/products/${id}.svg`,
      alt: record.alt || record.name,
      annotation: record.annotation ?? '',
      originalPrice: record.originalPrice,
      discountedPrice: record.discountedPrice ?? record.originalPrice,
      description: record.description ?? '',
      category: record.category ?? 'men',
      collection: record.collection ?? 'fall',
      sizes: list(record.sizes),
      colours: list(record.colours),
      createdAt: record.createdAt ?? 0,
      ...(record.type === undefined ? {} : { type: record.type }),
      ...(stock ? { stock } : {}),
    },
  };
}

/** What staff edit of a stored record (decision 5208), read whether or not it is on sale. */
export interface EditableProduct {
  name: string;
  originalPrice: number;
  /** Absent: sold at `originalPrice`. */
  discountedPrice?: number;
  sizes: string[];
  /** Absent: stock not tracked (decision 1406). */
  stock?: Record<string, number>;
  published: boolean;
}

/** The stored record `raw` as staff edit it, or null when there is none or it is malformed. */
export function editableProductOf(raw: unknown): EditableProduct | null {
  const parsed = productRecordSchema.safeParse(raw);
  if (!parsed.success) return null;
  const record = parsed.data;
  const stock = readStock(record.stock);
  return {
    name: record.name,
    originalPrice: record.originalPrice,
    ...(record.discountedPrice === undefined ? {} : { discountedPrice: record.discountedPrice }),
    sizes: list(record.sizes),
    ...(stock ? { stock } : {}),
    published: record.published !== false,
  };
}

/**
 * The product of one stored record, or null when there is none or it is malformed; a malformed
 * record is logged (console.warn, with its key and what is wrong) and skipped.
 */
export function readProductRecord(key: string, raw: unknown): Product | null {
  const read = parseProductRecord(key, raw);
  if (read.status === 'malformed') {
    console.warn(`[catalog] product "${key}" skipped: ${read.reason}`);
  }
  return read.status === 'ok' ? read.product : null;
}

/**
 * Every product of the stored `catalog/products` node (an object keyed by id, or an array), in
 * stored order; malformed records are logged and skipped, empty slots ignored.
 */
export function readProductRecords(raw: unknown): Product[] {
  if (raw === null || raw === undefined) return [];
  if (typeof raw !== 'object') {
    console.warn(
      `[catalog] products skipped: expected a list of records, got ${describeValue(raw)}`,
    );
    return [];
  }
  const entries = Array.isArray(raw)
    ? raw.map((value: unknown, index) => [String(index), value] as const)
    : Object.entries(raw);
  return entries.flatMap(([key, value]) => readProductRecord(key, value) ?? []);
}
