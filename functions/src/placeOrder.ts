// The trusted order endpoint (decision 1401): POST { orderKey, personalInformation,
// paymentMethod, market? } with `Authorization: Bearer <ID token>`. The function reads the caller's
// basket, the catalog's prices in the market's currency and the discount code from the database,
// prices the order with the one pricing module of @shop/shared (the market's shipping fee; decision
// 5101; no market: the United States), numbers it and writes it under the checkout's key (decision
// 0601) exactly once: the write is conditional on nothing being there (`if-match: null_etag`), so
// a retry, a double submit or a second request racing this one gets the order already stored.
// A plain (req, res) handler: the Functions emulator, Cloud Functions and tests all run this one.
import { BASKET_LINES_MAX } from '@shop/shared/constants';
import { fromServerCart } from '@shop/shared/cart/cartDomain';
import { toProductLine } from '@shop/shared/cart/productLine';
import { parseProductRecord } from '@shop/shared/catalog/productRecord';
import { MARKETS, type Market, ROOT_MARKET, marketById } from '@shop/shared/markets/markets';
import { isCurrency } from '@shop/shared/payments/money';
import { fixedDiscountIn, isPercentDiscount, priceLines } from '@shop/shared/pricing/pricing';
import type {
  CartDiscount,
  CartLine,
  DiscountType,
  PersonalInformation,
  Product,
  ServerCart,
} from '@shop/shared/types';
import {
  ORDER_PERSONAL_FIELDS,
  PAYMENT_METHOD_VALUES,
  isPaymentMethod,
} from '@shop/shared/order/orderFields';
import { ORDER_PATHS, type PlaceOrderError, isOrderKey } from '@shop/shared/order/orderVocabulary';
import { validateField } from '@shop/shared/validation/rules';
import { type FirstOrderClaim, type FirstOrderOwner, claimFirstOrder } from './firstOrder';
import {
  type ClientRequest,
  type Verdict,
  type WindowLimit,
  clientKey,
  globalBudget,
  rateLimits,
  tryAgainIn,
} from './limits';
import type { HttpRequest, HttpResponse } from './http';
import { newOrderNumber } from './orderNumber';
import type { OrderRecord, PlaceOrderAnswer } from './orderRecord';
import { type NewOrderPlace, storeNewOrder } from './orderStore';
import { IN_PROGRESS_RETRY_SECONDS, claimOrderKey, claimPath } from './orderClaim';
import type { DatabaseClient } from './restDatabase';
import { OutOfStock, StockBusy, reserveStock, stockNeeds } from './stock';
import {
  type CardHold,
  type HoldContext,
  HoldRefusal,
  endHold,
  readHold,
  requestSweeper,
} from './payments/cardHolds';
import { type CardOutcome, continueHold, startHold } from './payments/cardOrders';
import {
  type PaymentProvider,
  ProviderRefusal,
  ProviderUnavailable,
} from './payments/paymentProvider';
import { type Caller, type Trust, bearerTokenOf } from './trust';
import { sendUnexpected } from './unexpected';

export interface PlaceOrderDeps {
  trust: Trust;
  database: DatabaseClient;
  now?: () => number;
  newNumber?: () => string;
  log?: (message: string) => void;
  /** How long a second request with a key waits for the first one's order (orderClaim.ts). */
  claimWaitMs?: number;
  /** Proxies in front of the function that append to X-Forwarded-For (limits.ts). */
  trustedProxies?: number;
  /** The order limits (tests); ORDER_LIMITS otherwise. */
  limits?: typeof ORDER_LIMITS;
  /** The card payment provider (decision 5301); without one, 'card' orders are placed unpaid. */
  payments?: PaymentProvider;
}

/**
 * New orders (a replay is not one) per session or account and per client address in 10 minutes,
 * and per instance in a minute (decision 3901): stock is taken when an order is placed, so these
 * are what keeps one client from emptying a size.
 */
export const ORDER_LIMITS = {
  caller: { name: 'ordersPerCaller', max: 10, windowMs: 10 * 60_000 },
  address: { name: 'ordersPerAddress', max: 30, windowMs: 10 * 60_000 },
  global: { name: 'orders', max: 300, windowMs: 60_000 },
} satisfies Record<string, WindowLimit>;

const PERSONAL_FIELDS = ORDER_PERSONAL_FIELDS;
const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: PlaceOrderError,
    message: string,
    readonly ids?: string[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface OrderRequestBody {
  orderKey: string;
  personalInformation: PersonalInformation;
  paymentMethod: string;
  /** The market the checkout is in (decision 5101); the request's optional `market`, else `us`. */
  market: Market;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the body; throws a 400 Refusal that says what is wrong. */
export function parseOrderRequest(body: unknown): OrderRequestBody {
  const bad = (message: string) => new Refusal(400, 'invalid-request', message);
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      throw bad('The body is not valid JSON.');
    }
  }
  if (!isObject(body)) throw bad('The body must be a JSON object.');
  const unknownKeys = Object.keys(body).filter(
    (k) => !['orderKey', 'personalInformation', 'paymentMethod', 'market'].includes(k),
  );
  if (unknownKeys.length > 0) throw bad(`Unknown field(s): ${unknownKeys.join(', ')}.`);
  const { orderKey, personalInformation, paymentMethod } = body;
  const market = marketOfRequest(body.market);
  if (typeof orderKey !== 'string' || !isOrderKey(orderKey)) {
    throw bad('orderKey must be the checkout key: 20 characters of A-Z, a-z, 0-9, - and _.');
  }
  if (typeof paymentMethod !== 'string' || !isPaymentMethod(paymentMethod)) {
    throw bad(`paymentMethod must be one of: ${PAYMENT_METHOD_VALUES.join(', ')}.`);
  }
  if (!isObject(personalInformation)) throw bad('personalInformation must be an object.');
  const extra = Object.keys(personalInformation).filter(
    (k) => !(PERSONAL_FIELDS as readonly string[]).includes(k),
  );
  if (extra.length > 0) throw bad(`Unknown personalInformation field(s): ${extra.join(', ')}.`);
  const info = {} as PersonalInformation;
  for (const field of PERSONAL_FIELDS) {
    const value = personalInformation[field];
    if (typeof value !== 'string') throw bad(`personalInformation.${field} must be a string.`);
    const trimmed = value.trim();
    // The forms' own table, its longest values included: what passes the form passes here.
    const problem = validateField(field, trimmed);
    if (problem) throw bad(`personalInformation.${field}: ${problem}`);
    info[field] = trimmed;
  }
  return { orderKey, personalInformation: info, paymentMethod, market };
}

/**
 * The market an order is placed in (decision 5101): the request's `market` id, the United States
 * without one (checkouts from before markets). An id we do not sell in is a 400 `unknown-market`.
 */
export function marketOfRequest(id: unknown): Market {
  if (id === undefined) return ROOT_MARKET;
  const market = typeof id === 'string' ? marketById(id) : undefined;
  if (!market) {
    throw new Refusal(
      400,
      'unknown-market',
      `market must be one of: ${MARKETS.map((m) => m.id).join(', ')}.`,
    );
  }
  return market;
}

function bearerToken(headers: HttpRequest['headers']): string {
  const token = bearerTokenOf(headers);
  if (!token) {
    throw new Refusal(
      401,
      'unauthenticated',
      'Sign-in required: send "Authorization: Bearer <ID token>".',
    );
  }
  return token;
}

/** Where the caller's basket and orders live (the order vocabulary's ORDER_PATHS): an account, or an anonymous session. */
export function pathsFor(caller: Caller, orderKey: string) {
  if (caller.provider === 'anonymous') {
    return {
      cart: ORDER_PATHS.anonymousCart(caller.uid),
      ordersOf: ORDER_PATHS.anonymousOrders(caller.uid),
      order: ORDER_PATHS.anonymousOrder(caller.uid, orderKey),
      personalInformation: null,
    };
  }
  return {
    cart: ORDER_PATHS.accountCart(caller.uid),
    ordersOf: ORDER_PATHS.accountOrders(caller.uid),
    order: ORDER_PATHS.accountOrder(caller.uid, orderKey),
    personalInformation: ORDER_PATHS.personalInformation(caller.uid),
  };
}

async function readProducts(
  database: DatabaseClient,
  lines: CartLine[],
  market: Market,
): Promise<Map<string, Product>> {
  const ids = [...new Set(lines.map((l) => l.id))];
  const raws = await Promise.all(
    ids.map((id) =>
      /^[A-Za-z0-9_-]{1,128}$/.test(id) ? database.get<unknown>(`catalog/products/${id}`) : null,
    ),
  );
  const products = new Map<string, Product>();
  const missing: string[] = [];
  const notSoldHere: string[] = [];
  raws.forEach((raw, i) => {
    const id = ids[i] as string;
    // In the market's currency and language (decision 5101): no price there, not sold there.
    const read = parseProductRecord(id, raw, market);
    if (read.status === 'ok') products.set(id, read.product);
    else if (parseProductRecord(id, raw).status === 'ok') notSoldHere.push(id);
    else missing.push(id);
  });
  if (missing.length > 0 || notSoldHere.length > 0) {
    const reasons = [
      ...(missing.length > 0
        ? [`Some products of the basket are no longer available: ${missing.join(', ')}.`]
        : []),
      ...(notSoldHere.length > 0
        ? [`Some products of the basket are not sold in ${market.name}: ${notSoldHere.join(', ')}.`]
        : []),
    ];
    throw new Refusal(409, 'unavailable', reasons.join(' '), [...missing, ...notSoldHere]);
  }
  // A size the product does not offer is not a product we sell; nor is a sized product without one.
  const badSize = lines.filter((line) => {
    const sizes = products.get(line.id)?.sizes ?? [];
    return line.size === undefined ? sizes.length > 0 : !sizes.includes(line.size);
  });
  if (badSize.length > 0) {
    const ids = badSize.map((l) => `${l.id} (${l.size ?? 'no size'})`);
    throw new Refusal(409, 'unavailable', `No such size: ${ids.join(', ')}.`, ids);
  }
  // Nor is a colour it does not come in (the rules cannot search the product's list; decision 1503).
  const badColour = lines.filter(
    (line) =>
      line.colour !== undefined && !(products.get(line.id)?.colours ?? []).includes(line.colour),
  );
  if (badColour.length > 0) {
    const ids = badColour.map((l) => `${l.id} (${l.colour ?? ''})`);
    throw new Refusal(409, 'unavailable', `No such colour: ${ids.join(', ')}.`, ids);
  }
  return products;
}

interface ConfirmedDiscount {
  discount: OrderRecord['discount'];
  /** A first-order code (WELCOME15): `firstOrderOnly` in its record (firstOrder.ts). */
  firstOrderOnly: boolean;
}

async function confirmDiscount(
  database: DatabaseClient,
  discount: CartDiscount,
  market: Market,
): Promise<ConfirmedDiscount> {
  if (!discount.isDiscount || !discount.discountCode) {
    return {
      discount: { isDiscount: false, discountType: '', discountCode: '' },
      firstOrderOnly: false,
    };
  }
  const code = discount.discountCode;
  const stored = DISCOUNT_CODE_PATTERN.test(code)
    ? await database.get<{ discountType?: unknown; firstOrderOnly?: unknown; amounts?: unknown }>(
        `discounts/${code}`,
      )
    : null;
  const type = stored?.discountType as DiscountType | undefined;
  const firstOrderOnly = stored?.firstOrderOnly === true;
  if (type === 'AMOUNT') {
    const amount = fixedDiscountIn(type, amountsOf(stored?.amounts), market.currency);
    if (amount === null) {
      throw new Refusal(
        409,
        'discount',
        `The discount code ${code} does not apply to orders in ${market.currency}.`,
      );
    }
    const amounts = { [market.currency]: amount };
    return {
      discount: { isDiscount: true, discountType: type, discountCode: code, amounts },
      firstOrderOnly,
    };
  }
  if (type !== 'SHIPMENT' && !isPercentDiscount(type)) {
    throw new Refusal(409, 'discount', `The discount code ${code} is not valid.`);
  }
  return { discount: { isDiscount: true, discountType: type, discountCode: code }, firstOrderOnly };
}

/** A stored code's `amounts`: its entries in currencies we charge, with a number each. */
export function amountsOf(raw: unknown): Partial<Record<string, number>> {
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw).filter(
      ([currency, amount]) => isCurrency(currency) && typeof amount === 'number',
    ),
  );
}

/** Prices the basket with the one pricing module (@shop/shared priceLines). */
export function priceOrder(
  lines: CartLine[],
  products: Map<string, Product>,
  discount: OrderRecord['discount'],
  market: Market = ROOT_MARKET,
): Pick<
  OrderRecord,
  'products' | 'totalPrice' | 'totalQuantity' | 'shipment' | 'currency' | 'market'
> {
  const productLines = lines.map((line) => toProductLine(line, products.get(line.id) as Product));
  // The market's currency and shipping fee (decision 5101); the lines hold its prices already.
  const summary = priceLines(
    productLines,
    {
      isDiscount: discount.isDiscount,
      discountType: discount.discountType === '' ? null : discount.discountType,
      ...(discount.amounts ? { amounts: discount.amounts } : {}),
    },
    market,
  );
  return {
    products: productLines,
    totalPrice: summary.total,
    totalQuantity: productLines.reduce((sum, line) => sum + line.quantity, 0),
    shipment: summary.shipment,
    currency: market.currency,
    market: market.id,
  };
}

/** What the handler's steps share: its dependencies, with their defaults filled in. */
interface PlaceOrderContext {
  database: DatabaseClient;
  trust: Trust;
  now: () => number;
  newNumber: () => string;
  log: (message: string) => void;
  trustedProxies: number;
  orderLimits: typeof ORDER_LIMITS;
  limits: ReturnType<typeof rateLimits>;
  budget: ReturnType<typeof globalBudget>;
  claimWaitMs: number | undefined;
  /** Card payments' holds (decision 5301), when a provider is configured, and their sweep. */
  holds: (HoldContext & { sweep: () => Promise<void> }) | null;
}

type Placed = { status: number; answer: PlaceOrderAnswer };

/** A card outcome as the endpoint answers it: the order, or 202 and the payment to confirm. */
const placedOf = (outcome: CardOutcome): Placed =>
  outcome.kind === 'order'
    ? { status: 200, answer: { order: outcome.order, replayed: outcome.replayed } }
    : { status: 202, answer: { payment: outcome.payment } };
type OrderPaths = ReturnType<typeof pathsFor>;

function tooManyOrders(verdict: Verdict): Refusal {
  const seconds = verdict.retryAfterSeconds;
  return new Refusal(
    429,
    'too-many-orders',
    `Too many orders in a short time. ${tryAgainIn(seconds)}`,
    undefined,
    seconds,
  );
}

/** Counts a new order against its caller, its client address and the instance's budget. */
async function countOrder(ctx: PlaceOrderContext, req: ClientRequest, caller: Caller) {
  const at = ctx.now();
  const shared = ctx.budget.take(at);
  if (!shared.allowed) throw tooManyOrders(shared);
  const own = await ctx.limits.count(ctx.orderLimits.caller, caller.uid, at);
  if (!own.allowed) throw tooManyOrders(own);
  const address = clientKey(req, ctx.trustedProxies);
  const client = await ctx.limits.count(ctx.orderLimits.address, address, at);
  if (!client.allowed) throw tooManyOrders(client);
}

/** The caller of a POST with a valid ID token; a 405 or 401 Refusal otherwise. */
async function postingCaller(ctx: PlaceOrderContext, req: ClientRequest): Promise<Caller> {
  if (req.method !== 'POST') {
    throw new Refusal(405, 'method-not-allowed', 'Use POST.');
  }
  const token = bearerToken(req.headers);
  try {
    return await ctx.trust.verifyCaller(token);
  } catch (error) {
    throw new Refusal(
      401,
      'unauthenticated',
      error instanceof Error ? error.message : 'Invalid ID token.',
    );
  }
}

async function place(ctx: PlaceOrderContext, req: ClientRequest): Promise<Placed> {
  const caller = await postingCaller(ctx, req);
  const request = parseOrderRequest(req.body);
  const paths = pathsFor(caller, request.orderKey);

  // Already placed (a retry, a reload, a second tab with the same key): the same order.
  const existing = await ctx.database.get<OrderRecord>(paths.order);
  if (existing) return { status: 200, answer: { order: existing, replayed: true } };

  // One request at a time works on a key; a second one answers the first one's order
  // (orderClaim.ts): it never takes stock, so it never says "sold out" for an order being stored.
  const claim = await claimOrderKey<OrderRecord>(
    ctx.database,
    claimPath(caller.uid, request.orderKey),
    paths.order,
    ctx.claimWaitMs === undefined ? {} : { waitMs: ctx.claimWaitMs },
  );
  if (claim.kind === 'stored') {
    return { status: 200, answer: { order: claim.order, replayed: true } };
  }
  if (claim.kind === 'in-progress') {
    throw new Refusal(
      409,
      'in-progress',
      'This order is still being placed. Please wait a moment: an order is placed only once.',
      undefined,
      IN_PROGRESS_RETRY_SECONDS,
    );
  }
  try {
    const { answered, previous } = await openCardHold(ctx, caller, request);
    if (answered) return answered;
    await countOrder(ctx, req, caller);
    return await placeClaimed(ctx, caller, request, paths, previous);
  } catch (error) {
    throw asRefusal(ctx, error);
  } finally {
    await claim.release().catch((error: unknown) => {
      // A claim left behind is taken over once stale (orderClaim.ts); the order is unaffected.
      ctx.log(`placeOrder: could not give back the claim of ${request.orderKey}: ${String(error)}`);
    });
  }
}

/** The basket's lines to order; a Refusal when there is nothing, or too much, to order. */
async function basketLines(ctx: PlaceOrderContext, paths: OrderPaths) {
  const cart = fromServerCart(await ctx.database.get<ServerCart>(paths.cart));
  const lines = cart.products.filter((line) => line.quantity > 0);
  if (lines.length === 0) {
    throw new Refusal(409, 'empty-basket', 'The basket is empty: there is nothing to order.');
  }
  // The rules cannot count a basket's lines (decision 1404): the order keeps the limit.
  if (lines.length > BASKET_LINES_MAX) {
    throw new Refusal(
      409,
      'too-many-lines',
      `The basket holds ${lines.length} different items; one order takes at most ${BASKET_LINES_MAX}. Please remove some.`,
    );
  }
  return { lines, discount: cart.discount };
}

/** A first-order code is checked here, by the server, not by the basket (firstOrder.ts). */
async function checkFirstOrder(
  ctx: PlaceOrderContext,
  owner: FirstOrderOwner,
  order: OrderRecord,
  paths: OrderPaths,
): Promise<FirstOrderClaim> {
  const firstOrder = await claimFirstOrder(
    ctx.database,
    owner,
    order.id,
    owner.account ? await ctx.database.keys(paths.ordersOf) : [],
  );
  if (!firstOrder.entitled) {
    throw new Refusal(
      409,
      'first-order-only',
      `The code ${order.discount.discountCode} is for a first order only, and this ${firstOrder.orderedBefore} has ordered before. Please remove the code from your basket.`,
    );
  }
  return firstOrder;
}

async function placeClaimed(
  ctx: PlaceOrderContext,
  caller: Caller,
  request: OrderRequestBody,
  paths: OrderPaths,
  previousHold: CardHold | null,
): Promise<Placed> {
  const { database } = ctx;
  const basket = await basketLines(ctx, paths);
  const [products, { discount, firstOrderOnly }] = await Promise.all([
    readProducts(database, basket.lines, request.market),
    confirmDiscount(database, basket.discount, request.market),
  ]);
  const order: OrderRecord = {
    id: request.orderKey,
    number: ctx.newNumber(),
    status: 'placed',
    timestamp: ctx.now(),
    ...priceOrder(basket.lines, products, discount, request.market),
    discount,
    paymentMethod: request.paymentMethod,
    personalInformation: request.personalInformation,
  };
  // docs/product.md §7: a signed-in order also saves the personal information (idempotent: same value).
  if (paths.personalInformation) {
    await database.put(paths.personalInformation, request.personalInformation);
  }
  const owner: FirstOrderOwner = {
    email: request.personalInformation.email,
    account: caller.provider === 'anonymous' ? null : caller.uid,
  };
  const firstOrder = firstOrderOnly ? await checkFirstOrder(ctx, owner, order, paths) : null;
  const place: NewOrderPlace = {
    path: paths.order,
    owner,
    guestSession: caller.provider === 'anonymous' ? caller.uid : null,
  };
  if (request.paymentMethod === 'card' && ctx.holds) {
    // The code is checked now; its marks are written when the order is stored (cardHolds.ts).
    if (firstOrder?.entitled) await firstOrder.release();
    const needs = stockNeeds(basket.lines, products);
    const held = { order, needs, uid: caller.uid, place, previous: previousHold };
    return placedOf(await startHold(ctx.holds, held));
  }
  try {
    const answer = await takeStockAndStore(ctx, order, basket.lines, products, place);
    return { status: 200, answer };
  } catch (error) {
    if (firstOrder?.entitled) await firstOrder.release();
    throw error;
  }
}

/**
 * The caller's open card payment goes first (decision 5301): this checkout asking again learns
 * where it stands (the order once authorised, or the payment to confirm); another checkout of
 * the basket (another tab), or this one paying another way now, ends it. Expired holds are swept.
 */
async function openCardHold(
  ctx: PlaceOrderContext,
  caller: Caller,
  request: OrderRequestBody,
): Promise<{ answered: Placed | null; previous: CardHold | null }> {
  if (!ctx.holds) return { answered: null, previous: null };
  await ctx.holds.sweep();
  const hold = await readHold(ctx.database, caller.uid);
  if (hold?.state !== 'open') return { answered: null, previous: hold };
  if (hold.key === request.orderKey && request.paymentMethod === 'card') {
    const outcome = await continueHold(ctx.holds, hold);
    return { answered: outcome ? placedOf(outcome) : null, previous: hold };
  }
  const order = await endHold(ctx.holds, hold, 'replaced');
  const answered =
    order?.id === request.orderKey ? { status: 200, answer: { order, replayed: true } } : null;
  return { answered, previous: hold };
}

/** The refusals of the stock and of card payments, in the endpoint's words. */
function asRefusal(ctx: PlaceOrderContext, error: unknown): unknown {
  if (error instanceof OutOfStock) {
    const ids = error.shortages.map((s) => (s.size ? `${s.id} (${s.size})` : s.id));
    return new Refusal(409, 'out-of-stock', error.message, ids);
  }
  if (error instanceof StockBusy) {
    ctx.log(`placeOrder: ${error.message}`);
    return new Refusal(503, 'busy', BUSY_MESSAGE);
  }
  if (error instanceof HoldRefusal) {
    return new Refusal(
      409,
      error.code === 'out-of-stock' ? 'out-of-stock' : 'payment',
      error.message,
    );
  }
  if (error instanceof ProviderRefusal) {
    ctx.log(`placeOrder: the payment provider refused: ${error.code} ${error.message}`);
    return new Refusal(409, 'payment', CARD_FAILED_MESSAGE);
  }
  if (error instanceof ProviderUnavailable) {
    ctx.log(`placeOrder: the payment provider is unreachable: ${error.message}`);
    return new Refusal(503, 'payment-unavailable', PAYMENTS_DOWN_MESSAGE);
  }
  return error;
}

const BUSY_MESSAGE = 'Many orders are being placed right now. Please try again in a moment.';
const CARD_FAILED_MESSAGE =
  'The card payment could not be started. Please try again, or choose another payment method.';
const PAYMENTS_DOWN_MESSAGE =
  'Card payments are unavailable right now. Please try again in a moment, or choose bank transfer or cash on delivery.';

/** Stock is taken before the order is written and given back if it is not (decision 1406). */
async function takeStockAndStore(
  ctx: PlaceOrderContext,
  order: OrderRecord,
  lines: CartLine[],
  products: Map<string, Product>,
  place: NewOrderPlace,
): Promise<{ order: OrderRecord; replayed: boolean }> {
  const reservation = await reserveStock(ctx.database, stockNeeds(lines, products), ctx.log);
  let stored: Awaited<ReturnType<typeof storeNewOrder>>;
  try {
    stored = await storeNewOrder(ctx.database, order, place, ctx.newNumber, ctx.log);
  } catch (error) {
    await reservation.release();
    throw error;
  }
  // Another request with this key won the race: its order is the order (and took its stock).
  if (!stored.stored) await reservation.release();
  return { order: stored.order, replayed: !stored.stored };
}

/** A failure as the endpoint answers it: the Refusal's own status and words, or a 401/503/500. */
function sendFailure(res: HttpResponse, error: unknown, log: (message: string) => void): void {
  if (error instanceof Refusal) {
    if (error.retryAfterSeconds !== undefined) {
      res.set?.('Retry-After', String(error.retryAfterSeconds));
      // The storefront's pages are of another origin: let them read it.
      res.set?.('Access-Control-Expose-Headers', 'Retry-After');
    }
    res.status(error.status).json({
      error: error.code,
      message: error.message,
      ...(error.ids ? { ids: error.ids } : {}),
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
    });
  } else {
    sendUnexpected(res, error, PLACE_TEXTS, log);
  }
}

const PLACE_TEXTS = {
  handler: 'placeOrder',
  unavailable: 'The order could not be stored: the database is unavailable. Please try again.',
  failed: 'The order could not be placed.',
};

export function createPlaceOrder(deps: PlaceOrderDeps) {
  const log = deps.log ?? ((message: string) => console.error(message));
  const orderLimits = deps.limits ?? ORDER_LIMITS;
  const ctx: PlaceOrderContext = {
    database: deps.database,
    trust: deps.trust,
    now: deps.now ?? Date.now,
    newNumber: deps.newNumber ?? (() => newOrderNumber()),
    log,
    trustedProxies: deps.trustedProxies ?? 0,
    orderLimits,
    limits: rateLimits(deps.database, log),
    budget: globalBudget(orderLimits.global),
    claimWaitMs: deps.claimWaitMs,
    holds: null,
  };
  if (deps.payments) {
    const { database, now, newNumber } = ctx;
    const holds = { database, provider: deps.payments, now, newNumber, log };
    ctx.holds = { ...holds, sweep: requestSweeper(holds, 'placeOrder') };
  }
  return async function placeOrder(req: ClientRequest, res: HttpResponse): Promise<void> {
    try {
      const { status, answer } = await place(ctx, req);
      res.status(status).json(answer);
    } catch (error) {
      sendFailure(res, error, log);
    }
  };
}
