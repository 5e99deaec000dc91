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
import { type Language, ROOT_MARKET } from '../markets/markets';
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
const price = z.number().check(z.gte(0));

/** A product's price in one currency other than US dollars (decision 5101). */
const currencyPrice = z.object({ originalPrice: price, discountedPrice: z.optional(price) });

/** A product's texts in one language other than English (decision 5101); each may be absent. */
const productTexts = z.object({
  name: z.optional(z.string().check(z.minLength(1))),
  description: text,
  annotation: text,
  alt: text,
  colours: stringList,
});

/** Which currency and language a record is read in (a market's; decision 5101). */
export interface ReadIn {
  currency: string;
  language: Language;
}

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
  // Its prices in the other markets' currencies, by ISO code (decision 5101); `originalPrice` and
  // `discountedPrice` above are its US dollar prices.
  prices: z.optional(z.record(z.string().check(z.regex(/^[A-Z]{3}$/)), currencyPrice)),
  // Its texts in other languages, by language (decision 5101); English is the record's own.
  translations: z.optional(z.record(z.string().check(z.regex(/^[a-z]{2}$/)), productTexts)),
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

/** The record's price in `currency`: its own (US dollars), its price list's, or none. */
function priceIn(
  record: ProductRecord,
  currency: string,
): { originalPrice: number; discountedPrice: number } | null {
  if (currency === 'USD') {
    return {
      originalPrice: record.originalPrice,
      discountedPrice: record.discountedPrice ?? record.originalPrice,
    };
  }
  const listed = record.prices?.[currency];
  if (!listed) return null;
  return {
    originalPrice: listed.originalPrice,
    discountedPrice: listed.discountedPrice ?? listed.originalPrice,
  };
}

/**
 * The stored record `raw` of key `key` as a Product in `readIn`'s currency and language (US
 * dollars and English unless told), or why it can't be one. A product with no price in that
 * currency is not sold there: missing. A text with no translation is the English one. Pure.
 */
export function parseProductRecord(
  key: string,
  raw: unknown,
  readIn: ReadIn = ROOT_MARKET,
): ProductRead {
  if (raw === null || raw === undefined) return { status: 'missing' };
  const parsed = productRecordSchema.safeParse(raw);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => describeIssue(issue, raw)).join('; ');
    return { status: 'malformed', reason };
  }
  return productOf(key, parsed.data, readIn);
}

/** A valid record as a Product in `readIn`'s currency and language, or missing there. */
function productOf(key: string, record: ProductRecord, readIn: ReadIn): ProductRead {
  // Off sale (decision 5208): to shoppers, their baskets and the order function, no such product.
  if (record.published === false) return { status: 'missing' };
  const prices = priceIn(record, readIn.currency);
  if (!prices) return { status: 'missing' };
  const id = record.id || key;
  const stock = readStock(record.stock);
  const texts = readIn.language === 'en' ? undefined : record.translations?.[readIn.language];
  const name = texts?.name ?? record.name;
  const colourLabels = list(texts?.colours);
  return {
    status: 'ok',
    product: {
      id,
      name,
      imageUrl: record.imageUrl || `/images/products/${id}.svg`,
      alt: texts?.alt || (texts?.name ? name : record.alt || record.name),
      annotation: texts?.annotation ?? record.annotation ?? '',
      ...prices,
      description: texts?.description ?? record.description ?? '',
      category: record.category ?? 'men',
      collection: record.collection ?? 'fall',
      sizes: list(record.sizes),
      colours: list(record.colours),
      // The colours stay the record's own (a basket line's colour is one of them, decision 1503);
      // their names in the language are shown beside them, one for each.
      ...(colourLabels.length === list(record.colours).length && colourLabels.length > 0
        ? { colourLabels }
        : {}),
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
export function readProductRecord(
  key: string,
  raw: unknown,
  readIn: ReadIn = ROOT_MARKET,
): Product | null {
  const read = parseProductRecord(key, raw, readIn);
  if (read.status === 'malformed') {
    console.warn(`[catalog] product "${key}" skipped: ${read.reason}`);
  }
  return read.status === 'ok' ? read.product : null;
}

/**
 * The record `raw` read in each of `readIns` (every market's currency and language, as the
 * catalog's query service indexes it; decision 5101), validated once: null where it is absent,
 * malformed (logged once) or not sold. Equal to `readProductRecord` per entry.
 */
export function readProductRecordIn(
  key: string,
  raw: unknown,
  readIns: readonly ReadIn[],
): Array<Product | null> {
  if (raw === null || raw === undefined) return readIns.map(() => null);
  const parsed = productRecordSchema.safeParse(raw);
  if (!parsed.success) {
    readProductRecord(key, raw);
    return readIns.map(() => null);
  }
  return readIns.map((readIn) => {
    const read = productOf(key, parsed.data, readIn);
    return read.status === 'ok' ? read.product : null;
  });
}

/**
 * Every product of the stored `catalog/products` node (an object keyed by id, or an array), in
 * stored order; malformed records are logged and skipped, empty slots ignored.
 */
export function readProductRecords(raw: unknown, readIn: ReadIn = ROOT_MARKET): Product[] {
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
  return entries.flatMap(([key, value]) => readProductRecord(key, value, readIn) ?? []);
}
