// Test double of the order function (functions/src/placeOrder.ts) over the shared fake database:
// the same contract (POST { orderKey, personalInformation, paymentMethod, market? } with a Bearer
// ID token; priced in the market's currency with its shipping fee, decision 5101;
// 200 { order }, 409 { error }, 503 when the database is down), the same pricing module. The real
// handler is tested against the real database server in functions/test.
import {
  type DiscountAmounts,
  type DiscountType,
  type ServerCart,
  fixedDiscountIn,
  fromServerCart,
  isPercentDiscount,
  marketById,
  priceLines,
} from '@shop/shared';
import { toProductLine } from '@shop/shared/cart/productLine';
import { readProductRecord } from '@shop/shared/catalog/productRecord';
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import type { FakeDatabase } from '@shop/shared/testing';
import { setOrderServiceFetch } from '../order/orderService';

export interface FakeOrderService {
  /** Every request the checkout sent: its path, token and body. */
  calls: { token: string; body: Record<string, unknown> }[];
  /** The orders it stored (path, order). */
  writes: { path: string; order: Record<string, unknown> }[];
  /** When true, requests fail as if the endpoint were not there. */
  down: boolean;
  /** When set, every request gets this refusal (e.g. 409 out-of-stock, decided by the function). */
  refusal: { status: number; error: string; message: string } | null;
  /**
   * What the next requests meet, one each, before the usual handling: 'in-progress' (another
   * request holds the key: 409 with retryAfterSeconds, nothing stored) or 'lost' (the order is
   * stored, but the answer never comes: the browser's wait times out).
   */
  script: ('in-progress' | 'lost')[];
  /** When set, a card order's payment to confirm first: 202 with its client secret (5301). */
  cardPayment: { clientSecret: string } | null;
}

export function installFakeOrderService(db: FakeDatabase): FakeOrderService {
  const service: FakeOrderService = {
    calls: [],
    writes: [],
    down: false,
    refusal: null,
    script: [],
    cardPayment: null,
  };
  let numbers = 0;
  const reply = (status: number, body: unknown) => Promise.resolve(Response.json(body, { status }));
  setOrderServiceFetch((url, init) => {
    const next = service.script.shift();
    if (next === 'in-progress') {
      service.calls.push({
        token: '',
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      });
      return reply(409, {
        error: 'in-progress',
        message: 'This order is still being placed.',
        retryAfterSeconds: 2,
      });
    }
    const answer = handle(url, init);
    if (next === 'lost') {
      return answer.then(() =>
        Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
      );
    }
    return answer;
  });
  function handle(_url: string, init: RequestInit): Promise<Response> {
    if (service.down) return Promise.reject(new TypeError('Failed to fetch'));
    const token = String((init.headers as Record<string, string>).Authorization).replace(
      /^Bearer /,
      '',
    );
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    service.calls.push({ token, body });
    if (db.down) return reply(503, { error: 'database-unavailable', message: 'down' });
    if (service.refusal) {
      const { status, ...refusal } = service.refusal;
      return reply(status, refusal);
    }
    if (service.cardPayment && body.paymentMethod === 'card') {
      const amount = { amount: 1000, currency: 'USD' };
      return reply(202, { payment: { provider: 'local', ...service.cardPayment, amount } });
    }
    const uid = token.replace(/^token-/, '');
    const anonymous = uid.startsWith('session');
    const key = String(body.orderKey);
    const orderPath = anonymous
      ? ORDER_PATHS.anonymousOrder(uid, key)
      : ORDER_PATHS.accountOrder(uid, key);
    const existing = db.get(orderPath);
    if (existing) return reply(200, { order: existing, replayed: true });

    const cart = fromServerCart(
      db.get(
        anonymous ? ORDER_PATHS.anonymousCart(uid) : ORDER_PATHS.accountCart(uid),
      ) as ServerCart,
    );
    if (cart.products.length === 0) return reply(409, { error: 'empty-basket', message: '' });
    const market = marketById(body.market === undefined ? 'us' : String(body.market));
    if (!market) return reply(400, { error: 'unknown-market', message: '' });
    const lines = [];
    for (const line of cart.products) {
      const product = readProductRecord(line.id, db.get(`catalog/products/${line.id}`), market);
      if (!product) return reply(409, { error: 'unavailable', message: '', ids: [line.id] });
      lines.push(toProductLine(line, product));
    }
    let discountType: DiscountType | '' = '';
    let amounts: DiscountAmounts | undefined;
    if (cart.discount.isDiscount) {
      const stored = db.get(`discounts/${cart.discount.discountCode}`) as {
        discountType?: DiscountType;
        amounts?: DiscountAmounts;
      } | null;
      const type = stored?.discountType;
      const amount = fixedDiscountIn(type, stored?.amounts, market.currency);
      if (type === 'AMOUNT' && amount !== null) amounts = { [market.currency]: amount };
      else if (type !== 'SHIPMENT' && !isPercentDiscount(type)) {
        return reply(409, { error: 'discount', message: '' });
      }
      discountType = type;
    }
    const summary = priceLines(
      lines,
      {
        isDiscount: discountType !== '',
        discountType: discountType === '' ? null : discountType,
        ...(amounts ? { amounts } : {}),
      },
      market,
    );
    if (!anonymous) {
      const path = ORDER_PATHS.personalInformation(uid);
      if (db.failWrites.some((prefix) => path.startsWith(prefix))) {
        return reply(503, { error: 'database-unavailable', message: 'write failed' });
      }
      db.set(path, body.personalInformation);
    }
    numbers += 1;
    const order = {
      id: key,
      number: `TL-TEST${String(numbers).padStart(2, '2')}`,
      status: 'placed',
      timestamp: Date.now(),
      products: lines,
      discount: {
        isDiscount: discountType !== '',
        discountType,
        discountCode: discountType === '' ? '' : cart.discount.discountCode,
        ...(amounts ? { amounts } : {}),
      },
      totalPrice: summary.total,
      totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      shipment: summary.shipment,
      paymentMethod: body.paymentMethod,
      personalInformation: body.personalInformation,
      currency: market.currency,
      market: market.id,
    };
    db.set(orderPath, order);
    service.writes.push({ path: orderPath, order });
    return reply(200, { order, replayed: false });
  }
  return service;
}

export function uninstallFakeOrderService(): void {
  setOrderServiceFetch(null);
}
