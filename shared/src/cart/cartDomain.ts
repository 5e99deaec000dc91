// The basket as pure functions (docs/product.md §4). Every reducer returns a new Cart and
// never mutates its input; totalQuantity is always recomputed from the lines.
import { BASKET_LINES_MAX, QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import type { Cart, CartDiscount, CartLine, ServerCart } from '../types';
import { EMPTY_CART, NO_DISCOUNT } from './emptyCart';

export { EMPTY_CART, NO_DISCOUNT };

/**
 * A colour as a database key part: lower case, with spaces and the characters a key cannot hold
 * (`/ . # $ [ ]`) as hyphens ("Grey/Red" → "grey-red"). database.rules.json computes the same.
 */
export function colourKey(colour: string): string {
  return colour.toLowerCase().replace(/[ /.#$[\]]/g, '-');
}

/**
 * The key of a line: the product id, `_${size}` when a size was chosen, `~${colourKey}` when a
 * colour was: the same product in two colours (or sizes) is two lines.
 */
export function lineKey(line: Pick<CartLine, 'id' | 'size' | 'colour'>): string {
  const sized = line.size ? `${line.id}_${line.size}` : line.id;
  return line.colour ? `${sized}~${colourKey(line.colour)}` : sized;
}

/** Clamps a quantity to QUANTITY_MIN..QUANTITY_MAX as an integer (NaN counts as 0). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(quantity)));
}

function totalOf(products: readonly CartLine[]): number {
  return products.reduce((sum, line) => sum + line.quantity, 0);
}

/** Builds a cart whose totalQuantity matches its lines. */
function withProducts(cart: Cart, products: CartLine[]): Cart {
  return { ...cart, products, totalQuantity: totalOf(products) };
}

/** Copies a line, keeping `size` and `colour` only when set (the database drops empty fields). */
function cleanLine(line: CartLine, quantity = line.quantity): CartLine {
  const next: CartLine = { ...line, id: line.id, quantity };
  if (!line.size) delete next.size;
  if (!line.colour) delete next.colour;
  return next;
}

/**
 * Add a product: increase the quantity when its line key is present, else append a line.
 * The quantity is capped at QUANTITY_MAX (10); adding 0 or less changes nothing.
 */
export function addProduct(cart: Cart, line: CartLine): Cart {
  const amount = clampQuantity(line.quantity);
  if (amount <= 0) return cart;
  const key = lineKey(line);
  const index = cart.products.findIndex((p) => lineKey(p) === key);
  if (index === -1) {
    // A full basket takes no new line (the caller sees the basket unchanged and says why).
    if (cart.products.length >= BASKET_LINES_MAX) return cart;
    return withProducts(cart, [...cart.products, cleanLine(line, amount)]);
  }
  const products = cart.products.map((p, i) =>
    i === index ? cleanLine(p, clampQuantity(p.quantity + amount)) : p,
  );
  return withProducts(cart, products);
}

/** Replace the whole cart (docs/product.md §4). Lines are normalised and totalQuantity recomputed. */
export function replaceCart(_cart: Cart, next: Cart): Cart {
  const products = (next.products ?? [])
    .map((p) => cleanLine(p, clampQuantity(p.quantity)))
    .filter((p) => p.quantity > 0);
  return {
    products,
    totalQuantity: totalOf(products),
    discount: { ...NO_DISCOUNT, ...(next.discount ?? {}) },
    totalPrice: Number.isFinite(next.totalPrice) ? next.totalPrice : 0,
  };
}

/**
 * Remove an item (docs/product.md §4): when the line's quantity is 1 the line is removed, otherwise the
 * quantity is reduced by `amount` (default 1); reaching 0 removes the line as well.
 */
export function removeItem(cart: Cart, key: string, amount = 1): Cart {
  const line = cart.products.find((p) => lineKey(p) === key);
  if (!line) return cart;
  const remaining = line.quantity === 1 ? 0 : line.quantity - Math.max(0, Math.trunc(amount));
  if (remaining <= 0)
    return withProducts(
      cart,
      cart.products.filter((p) => p !== line),
    );
  return withProducts(
    cart,
    cart.products.map((p) => (p === line ? cleanLine(p, remaining) : p)),
  );
}

/** Set a line's quantity (docs/product.md §4): clamped to 0..10 as an integer; 0 removes the line. */
export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  const next = clampQuantity(quantity);
  const line = cart.products.find((p) => lineKey(p) === key);
  if (!line) return cart;
  if (next === 0)
    return withProducts(
      cart,
      cart.products.filter((p) => p !== line),
    );
  return withProducts(
    cart,
    cart.products.map((p) => (p === line ? cleanLine(p, next) : p)),
  );
}

/** Update the discount (docs/product.md §4). */
export function updateDiscount(cart: Cart, discount: CartDiscount): Cart {
  return { ...cart, discount: { ...discount } };
}

/** Set the total price (docs/product.md §4). */
export function setTotalPrice(cart: Cart, totalPrice: number): Cart {
  return { ...cart, totalPrice };
}

/** Client list → server map keyed by line key (docs/product.md §3). An empty cart has no `products`. */
export function toServerCart(cart: Cart): ServerCart {
  const server: ServerCart = { totalQuantity: totalOf(cart.products) };
  if (cart.products.length > 0) {
    server.products = Object.fromEntries(cart.products.map((p) => [lineKey(p), cleanLine(p)]));
  }
  if (cart.discount.isDiscount) server.discount = { ...cart.discount };
  if (cart.totalPrice) server.totalPrice = cart.totalPrice;
  return server;
}

/**
 * Server map → client list. Tolerates anything the database may hold: null, a missing products
 * map, lines without an id (the map key is used), or quantities out of range.
 */
export function fromServerCart(server: ServerCart | null | undefined): Cart {
  if (!server || typeof server !== 'object') return EMPTY_CART;
  const entries = server.products && typeof server.products === 'object' ? server.products : {};
  const products: CartLine[] = [];
  for (const [key, raw] of Object.entries(entries)) {
    if (!raw || typeof raw !== 'object') continue;
    const quantity = clampQuantity(Number(raw.quantity));
    if (quantity <= 0) continue;
    const line: CartLine = { ...raw, id: raw.id || key, quantity };
    if (!line.size) delete line.size;
    if (!line.colour) delete line.colour;
    products.push(line);
  }
  const discount = server.discount ? { ...NO_DISCOUNT, ...server.discount } : { ...NO_DISCOUNT };
  return {
    products,
    totalQuantity: totalOf(products),
    discount,
    totalPrice: typeof server.totalPrice === 'number' ? server.totalPrice : 0,
  };
}

/**
 * Merge the anonymous basket into the account's basket (sign up / sign in, CONTRACT.md):
 * lines are matched by line key and their quantities summed, capped at QUANTITY_MAX (10);
 * account lines keep their order, new anonymous lines are appended. The account's discount
 * wins when it has one, else the anonymous one is kept. totalPrice is left for the checkout
 * to recompute (0).
 */
export function mergeCarts(account: Cart, anonymous: Cart): Cart {
  let merged = withProducts({ ...account, totalPrice: 0 }, [...account.products]);
  for (const line of anonymous.products) merged = addProduct(merged, line);
  const discount = account.discount.isDiscount ? account.discount : anonymous.discount;
  return { ...merged, discount: { ...discount } };
}

/**
 * The lines mergeCarts cuts to QUANTITY_MAX: both baskets held the line and together more than
 * the limit. The basket says so instead of dropping them without a word.
 */
export function linesCutByMerge(account: Cart, anonymous: Cart): CartLine[] {
  return anonymous.products.filter((line) => {
    const key = lineKey(line);
    const there = account.products.find((p) => lineKey(p) === key);
    return there !== undefined && there.quantity + line.quantity > QUANTITY_MAX;
  });
}

/**
 * Adds lines that were found outside the basket (a signed-in session's anonymous basket, or its
 * unsent copy) without counting any twice: a line already there keeps the larger quantity, so
 * including the same lines again changes nothing (a retried load cannot double a line).
 */
export function includeLines(cart: Cart, extra: Cart): Cart {
  let result = cart;
  for (const line of extra.products) {
    const key = lineKey(line);
    const existing = result.products.find((p) => lineKey(p) === key);
    if (!existing) result = addProduct(result, line);
    else if (line.quantity > existing.quantity) result = setQuantity(result, key, line.quantity);
  }
  return result;
}

/** True when two carts hold the same lines, discount and total. */
export function sameCart(a: Cart, b: Cart): boolean {
  return JSON.stringify(toServerCart(a)) === JSON.stringify(toServerCart(b));
}
