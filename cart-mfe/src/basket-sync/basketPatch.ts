// Per-line basket writes (decision 4201): the sync sends what changed in a basket as
// one PATCH of the changed lines (a removed line is null), the discount and the totals, never the
// whole basket, so two tabs changing different lines at once both keep their line.
import type { CartDiscount, CartLine, ServerCart } from '@shop/shared';

/**
 * What changed from one stored basket to another: each changed line by its line key (null:
 * removed); the discount and the total price when they changed (null: removed).
 */
export interface BasketChanges {
  lines: Record<string, CartLine | null>;
  discount?: CartDiscount | null;
  totalPrice?: number | null;
}

const sameLine = (a: CartLine, b: CartLine): boolean =>
  a.id === b.id &&
  a.quantity === b.quantity &&
  (a.size ?? '') === (b.size ?? '') &&
  (a.colour ?? '') === (b.colour ?? '');

const sameDiscount = (a: CartDiscount | undefined, b: CartDiscount | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.isDiscount === b.isDiscount &&
    a.discountType === b.discountType &&
    a.discountCode === b.discountCode);

/**
 * The changes that make `from` into `to`. Without `from` (what the database holds is not known)
 * every line of `to` is written and none is removed: a line only another tab knows is kept.
 */
export function basketChanges(from: ServerCart | null, to: ServerCart): BasketChanges {
  const before = from?.products ?? {};
  const after = to.products ?? {};
  const lines: Record<string, CartLine | null> = {};
  for (const [key, line] of Object.entries(after)) {
    const old = before[key];
    if (!old || !sameLine(old, line)) lines[key] = line;
  }
  if (from) {
    for (const key of Object.keys(before)) if (!(key in after)) lines[key] = null;
  }
  const changes: BasketChanges = { lines };
  if (!from || !sameDiscount(from.discount, to.discount)) {
    if (to.discount || from) changes.discount = to.discount ?? null;
  }
  if (!from || from.totalPrice !== to.totalPrice) {
    if (to.totalPrice !== undefined || from) changes.totalPrice = to.totalPrice ?? null;
  }
  return changes;
}

/** Whether the changes change anything. */
export function hasChanges(changes: BasketChanges): boolean {
  return (
    Object.keys(changes.lines).length > 0 ||
    changes.discount !== undefined ||
    changes.totalPrice !== undefined
  );
}

/** `cart` with the changes made (its total quantity counted again from its lines). */
export function applyChanges(cart: ServerCart, changes: BasketChanges): ServerCart {
  const products: Record<string, CartLine> = { ...(cart.products ?? {}) };
  for (const [key, line] of Object.entries(changes.lines)) {
    if (line === null) delete products[key];
    else products[key] = line;
  }
  const next: ServerCart = {
    totalQuantity: Object.values(products).reduce((sum, line) => sum + line.quantity, 0),
  };
  if (Object.keys(products).length > 0) next.products = products;
  const discount = changes.discount === undefined ? cart.discount : changes.discount;
  if (discount) next.discount = discount;
  const totalPrice = changes.totalPrice === undefined ? cart.totalPrice : changes.totalPrice;
  if (totalPrice !== undefined && totalPrice !== null) next.totalPrice = totalPrice;
  return next;
}

/**
 * The PATCH body at the basket's path: each changed line under `products/`, the discount and total
 * price when changed, and the basket's total quantity as this tab counts it (the rules want one on
 * every basket; every reader counts the lines again, `fromServerCart` and the order function).
 */
export function patchBody(changes: BasketChanges, totalQuantity: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, line] of Object.entries(changes.lines)) body[`products/${key}`] = line;
  if (changes.discount !== undefined) body.discount = changes.discount;
  if (changes.totalPrice !== undefined) body.totalPrice = changes.totalPrice;
  body.totalQuantity = totalQuantity;
  return body;
}
