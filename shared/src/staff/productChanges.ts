// What staff may change of a product (decision 5208): its price, its discounted price, its stock
// per size and whether it is on sale. One check of a change, run by the back office's form (to
// say at once what is wrong) and by the editing function (which alone decides). No React, no
// browser: the functions import it as it is.
import type { EditableProduct } from '../catalog/productRecord';
import { ONE_SIZE } from '../catalog/stock';
import type { StaffRole } from './staffVocabulary';

/** Who may change products (the staff record's roles, as for orders: decision 5201). */
export const PRODUCT_EDITORS: readonly StaffRole[] = ['merchandiser', 'admin'];

export const PRODUCT_LIMITS = { maxPrice: 100_000, maxStock: 100_000 } as const;

export interface ProductChanges {
  originalPrice?: number;
  /** null: no discount any more (sold at the price). */
  discountedPrice?: number | null;
  /** New counts of the sizes given; the others keep theirs. */
  stock?: Record<string, number>;
  published?: boolean;
}

export type ProductField = keyof ProductChanges | 'changes';

export interface ProductChangeProblem {
  field: ProductField;
  /** For a stock problem, the size. */
  size?: string;
  message: string;
}

export type CheckedChanges =
  { ok: true; changes: ProductChanges } | { ok: false; problems: ProductChangeProblem[] };

const FIELDS: readonly (keyof ProductChanges)[] = [
  'originalPrice',
  'discountedPrice',
  'stock',
  'published',
];

const MONEY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const isPrice = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value > 0 &&
  value <= PRODUCT_LIMITS.maxPrice &&
  isCents(value);
const PRICE_RULE = `a number of dollars with at most two decimals, from 0.01 to ${MONEY.format(PRODUCT_LIMITS.maxPrice)}`;

/** The sizes a product's stock is counted under (ONE_SIZE without a size choice). */
export const stockSizesOf = (product: Pick<EditableProduct, 'sizes'>): string[] =>
  product.sizes.length > 0 ? product.sizes : [ONE_SIZE];

function checkStock(product: EditableProduct, stock: unknown, problems: ProductChangeProblem[]) {
  if (typeof stock !== 'object' || stock === null || Array.isArray(stock)) {
    problems.push({ field: 'stock', message: 'Stock must list a count for each size changed.' });
    return;
  }
  const sizes = stockSizesOf(product);
  // Untracked stock (decision 1406) starts with every size counted: a size left out would be 0.
  const missing = product.stock
    ? []
    : sizes.filter((size) => !(size in (stock as Record<string, unknown>)));
  if (missing.length > 0) {
    problems.push({
      field: 'stock',
      message: `To start counting stock, give every size a count (missing: ${missing.join(', ')}).`,
    });
  }
  for (const [size, count] of Object.entries(stock as Record<string, unknown>)) {
    if (!sizes.includes(size)) {
      problems.push({ field: 'stock', size, message: `${size} is not a size of this product.` });
    } else if (
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < 0 ||
      count > PRODUCT_LIMITS.maxStock
    ) {
      problems.push({
        field: 'stock',
        size,
        message: `Stock of ${size} must be a whole number from 0 to ${MONEY.format(PRODUCT_LIMITS.maxStock)}.`,
      });
    }
  }
}

/** `changes` (as sent) checked against the product as stored. */
export function checkProductChanges(product: EditableProduct, changes: unknown): CheckedChanges {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
    return {
      ok: false,
      problems: [{ field: 'changes', message: 'Send the changes as an object.' }],
    };
  }
  const given = changes as Record<string, unknown>;
  const unknown = Object.keys(given).filter((name) => !(FIELDS as string[]).includes(name));
  const problems: ProductChangeProblem[] = [];
  if (unknown.length > 0) {
    problems.push({ field: 'changes', message: `Unknown field(s): ${unknown.join(', ')}.` });
  }
  if (Object.keys(given).length === 0) {
    problems.push({ field: 'changes', message: 'There is nothing to change.' });
  }
  const { originalPrice, discountedPrice, stock, published } = given;
  if (originalPrice !== undefined && !isPrice(originalPrice)) {
    problems.push({ field: 'originalPrice', message: `The price must be ${PRICE_RULE}.` });
  }
  if (discountedPrice !== undefined && discountedPrice !== null && !isPrice(discountedPrice)) {
    problems.push({
      field: 'discountedPrice',
      message: `The discounted price must be ${PRICE_RULE}, or empty for no discount.`,
    });
  }
  const price = isPrice(originalPrice) ? originalPrice : product.originalPrice;
  const discounted =
    discountedPrice === undefined ? product.discountedPrice : (discountedPrice ?? undefined);
  if (typeof discounted === 'number' && isPrice(discounted) && discounted > price) {
    problems.push({
      field: 'discountedPrice',
      message: 'The discounted price must not be above the price.',
    });
  }
  if (stock !== undefined) checkStock(product, stock, problems);
  if (published !== undefined && typeof published !== 'boolean') {
    problems.push({ field: 'published', message: 'published must be true or false.' });
  }
  if (problems.length > 0) return { ok: false, problems };
  // Checked above: each field present has its type.
  return {
    ok: true,
    changes: {
      ...(originalPrice === undefined ? {} : { originalPrice: originalPrice as number }),
      ...(discountedPrice === undefined
        ? {}
        : { discountedPrice: discountedPrice as number | null }),
      ...(stock === undefined ? {} : { stock: stock as Record<string, number> }),
      ...(published === undefined ? {} : { published: published as boolean }),
    },
  };
}

/**
 * The stored record with `changes` made: a discount of null is removed, stock counts replace
 * theirs, and a product back on sale loses its `published: false` (absent means on sale).
 */
export function applyProductChanges(
  record: Record<string, unknown>,
  changes: ProductChanges,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...record };
  if (changes.originalPrice !== undefined) next.originalPrice = changes.originalPrice;
  if (changes.discountedPrice === null) delete next.discountedPrice;
  else if (changes.discountedPrice !== undefined) next.discountedPrice = changes.discountedPrice;
  if (changes.stock) {
    next.stock = {
      ...((record.stock as Record<string, number> | undefined) ?? {}),
      ...changes.stock,
    };
  }
  if (changes.published === true) delete next.published;
  else if (changes.published === false) next.published = false;
  return next;
}

/** A product as the back office lists and edits it. */
export type StaffProductRow = EditableProduct & { id: string };

/** `GET staffProducts?q&after`: products by id, a page at a time; `next` is the next `after`. */
export interface StaffProductsAnswer {
  products: StaffProductRow[];
  next?: string;
}

/** One value a saved change moved: a price, the discount (null: none), a size's count, on sale. */
export interface ProductFieldChange {
  field: keyof ProductChanges;
  /** For a stock count, its size. */
  size?: string;
  from: number | boolean | null;
  to: number | boolean | null;
}

/**
 * One saved change of a product as staff see it (`productAudit/{id}/{key}`, written by the
 * editing function alone): when, by whom, and each value from → to.
 */
export interface ProductChangeRecord {
  at: number;
  by: { email: string | null };
  changes: ProductFieldChange[];
}

/** How many of a product's latest changes its page shows (the newest first). */
export const PRODUCT_HISTORY_SHOWN = 20;

/** The values `changes` really moves on `product` (a value sent as it was is no change). */
export function changedValues(
  product: EditableProduct,
  changes: ProductChanges,
): ProductFieldChange[] {
  const moved: ProductFieldChange[] = [];
  if (changes.originalPrice !== undefined && changes.originalPrice !== product.originalPrice) {
    moved.push({ field: 'originalPrice', from: product.originalPrice, to: changes.originalPrice });
  }
  const discountBefore = product.discountedPrice ?? null;
  if (changes.discountedPrice !== undefined && changes.discountedPrice !== discountBefore) {
    moved.push({ field: 'discountedPrice', from: discountBefore, to: changes.discountedPrice });
  }
  for (const [size, to] of Object.entries(changes.stock ?? {})) {
    const from = product.stock?.[size] ?? null;
    if (from !== to) moved.push({ field: 'stock', size, from, to });
  }
  if (changes.published !== undefined && changes.published !== product.published) {
    moved.push({ field: 'published', from: product.published, to: changes.published });
  }
  return moved;
}

/**
 * `GET staffProduct?id=` and `updateProduct`'s answer: the product and its version (the record's
 * ETag), which an update sends back so that it never overwrites a change it did not see; and its
 * latest saved changes, the newest first (at most `PRODUCT_HISTORY_SHOWN`).
 */
export interface StaffProductAnswer {
  product: StaffProductRow;
  version: string;
  /** Absent from a function older than the record of changes. */
  history?: ProductChangeRecord[];
}

/** `POST updateProduct`. */
export interface ProductUpdate {
  id: string;
  version: string;
  changes: ProductChanges;
}

/** A product's id as the catalog stores it (`catalog/products/{id}`). */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
