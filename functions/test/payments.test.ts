// Card payments (decision 5301) over real HTTP: the order function, the provider's notifications,
// the status function and part refunds against the real database server and rules and the local
// test provider, whose notifications reach the notification function as they would deployed.
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import { toMinorUnits } from '@shop/shared/payments/money';
import { STAFF_PATHS } from '@shop/shared/staff/staffVocabulary';
import {
  type ProviderServer,
  createProviderServer,
  signPayload,
} from '../../payment-provider/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import { createChangeOrderStatus } from '../src/changeOrderStatus';
import type { OrderRecord } from '../src/orderRecord';
import { newOrderNumber } from '../src/orderNumber';
import { toReceipt } from '../src/orderStatus';
import {
  CARD_HOLD_MS,
  PAYMENT_PATHS,
  REQUEST_SWEEP_EVERY_MS,
  requestSweeper,
} from '../src/payments/cardHolds';
import { localProvider } from '../src/payments/localProvider';
import { createPaymentNotification } from '../src/payments/paymentNotification';
import { EVENT_MEMORY_MS, paymentUpkeep } from '../src/payments/paymentUpkeep';
import { createRefundOrder } from '../src/payments/refundOrder';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { SAMPLE_INFO, adminOf, serveOverHttp } from './support';

const SECRET_KEY = 'sk_test_shop';
const WEBHOOK_SECRET = 'whsec_test_shop';
const STOCK = 'catalog/products/chelsea-boot-suede/stock/42';
const BOOTS = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 2 } };

let database: TestServer;
let provider: ProviderServer;
let providerUrl = '';
const servers: Array<{ close(): Promise<void> }> = [];
const urls = { place: '', notify: '', change: '', refund: '' };
const admin = adminOf(() => database.server.url);
const logs: string[] = [];
let clock = Date.now();
const now = () => clock;
let keys = 0;

const staffToken = (uid: string) =>
  makeEmulatorStyleToken({
    uid,
    provider: 'password',
    claims: { email: `${uid}@shop.example`, email_verified: true },
  });

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  // The answers are JSON of several shapes; each test reads the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

/** A guest with two pairs of boots in the basket, and the order key of their checkout. */
async function guestWithBasket() {
  keys += 1;
  const session = `payer-${keys}`;
  await admin('PUT', ORDER_PATHS.anonymousCart(session), { products: BOOTS, totalQuantity: 2 });
  const key = `-Npaymentstest${String(keys).padStart(6, '0')}`;
  const token = makeEmulatorStyleToken({ uid: session });
  const ask = (paymentMethod = 'card', market?: string) =>
    post(
      urls.place,
      {
        orderKey: key,
        personalInformation: SAMPLE_INFO,
        paymentMethod,
        ...(market ? { market } : {}),
      },
      token,
    );
  const stored = async () =>
    (await admin('GET', ORDER_PATHS.anonymousOrder(session, key))) as OrderRecord | null;
  return { session, key, ask, stored };
}

/** The shopper's card, as the provider's fields send it. */
async function payWith(clientSecret: string, number: string) {
  const id = clientSecret.split('_secret_')[0] ?? '';
  const response = await fetch(`${providerUrl}/v1/payments/${id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientSecret, number, expMonth: 12, expYear: 2099, cvc: '123' }),
  });
  expect(response.status).toBe(200);
}

async function providerPayments(reference: string) {
  const response = await fetch(`${providerUrl}/v1/payments?reference=${reference}`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  return ((await response.json()) as { payments: Array<Record<string, unknown>> }).payments;
}

/** Waits a bounded while for what a notification does (it is sent after the provider answers). */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  let value = await read();
  while (!until(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

const stock = async () => (await admin('GET', STOCK)) as number;

beforeAll(async () => {
  database = await startTestServer();
  const db = restDatabase({ url: database.server.url, credential: async () => 'owner' });
  const trust = localTrust('demo-shop');
  const log = (message: string) => logs.push(message);
  // The notification endpoint first: the provider is told where it is.
  const notifyHandle: { handler?: ReturnType<typeof createPaymentNotification> } = {};
  const notify = await serveOverHttp(
    (req, res) => notifyHandle.handler?.(req, res) ?? Promise.resolve(),
  );
  servers.push(notify);
  urls.notify = notify.url;
  provider = createProviderServer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: notify.url,
    retryDelaysMs: [50, 50, 50],
    log,
  });
  providerUrl = await provider.listen(0);
  const payments = localProvider({
    url: providerUrl,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
  notifyHandle.handler = createPaymentNotification({
    database: db,
    provider: payments,
    now,
    newNumber: () => newOrderNumber(),
    log,
  });
  const deps = { trust, database: db, payments, now, log };
  for (const [name, handler] of [
    ['place', createPlaceOrder(deps)],
    ['change', createChangeOrderStatus(deps)],
    ['refund', createRefundOrder(deps)],
  ] as const) {
    const served = await serveOverHttp(handler);
    servers.push(served);
    urls[name] = served.url;
  }
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await provider.close();
  await database.stop();
});

beforeEach(async () => {
  for (const path of ['users', 'orderNumbers', 'orderClaims', 'rateLimits', 'staffOrders']) {
    await admin('DELETE', path);
  }
  for (const path of Object.values(PAYMENT_PATHS).filter((p) => typeof p === 'string')) {
    await admin('DELETE', path);
  }
  await admin('PUT', STOCK, 10);
  await admin('PUT', STAFF_PATHS.member('fulfil-1'), {
    email: 'fulfil-1@shop.example',
    roles: { fulfilment: true },
  });
  await admin('PUT', STAFF_PATHS.member('admin-1'), {
    email: 'admin-1@shop.example',
    roles: { admin: true },
  });
  clock = Date.now();
  logs.length = 0;
});

describe('a card order', () => {
  it("is paid in the order's currency: an order in Germany in euros (decision 5101)", async () => {
    const prices = 'catalog/products/chelsea-boot-suede/prices';
    const kept = await admin('GET', prices);
    await admin('PUT', prices, { EUR: { originalPrice: 149, discountedPrice: 139 } });
    try {
      const shopper = await guestWithBasket();
      const first = await shopper.ask('card', 'de');
      expect(first.status).toBe(202);
      // Two pairs at €139 and Germany's €4.95 shipment.
      expect(first.body.payment.amount).toEqual({ amount: 28295, currency: 'EUR' });
      await payWith(first.body.payment.clientSecret, '4242 4242 4242 4242');
      const paid = await shopper.ask('card', 'de');
      expect(paid.status).toBe(200);
      const order = paid.body.order as OrderRecord;
      expect(order).toMatchObject({
        status: 'paid',
        currency: 'EUR',
        market: 'de',
        totalPrice: 282.95,
      });
      expect(order.payment?.amount).toEqual({ amount: 28295, currency: 'EUR' });
      expect(toReceipt(order)).toMatchObject({ currency: 'EUR', totalPrice: 282.95 });
    } finally {
      await admin('PUT', prices, kept);
    }
  });

  it('holds the stock and asks for the card; the authorised card makes it paid, for its exact total', async () => {
    const shopper = await guestWithBasket();
    const first = await shopper.ask();
    expect(first.status).toBe(202);
    expect(first.body.payment).toMatchObject({ provider: 'local', amount: { currency: 'USD' } });
    expect(await shopper.stored()).toBeNull();
    expect(await stock()).toBe(8);

    await payWith(first.body.payment.clientSecret, '4242 4242 4242 4242');
    const paid = await shopper.ask();
    expect(paid.status).toBe(200);
    const order = paid.body.order as OrderRecord;
    expect(order.status).toBe('paid');
    // The order's total and the payment's amount are one figure, in cents.
    expect(order.payment?.amount).toEqual({
      amount: toMinorUnits(order.totalPrice, 'USD'),
      currency: 'USD',
    });
    expect(first.body.payment.amount.amount).toBe(toMinorUnits(order.totalPrice, 'USD'));
    const [payment] = await providerPayments(shopper.key);
    expect(payment).toMatchObject({ status: 'authorised', amount: order.payment?.amount.amount });
    expect(await stock()).toBe(8);
    // The notification comes too, and changes nothing: one order, the same one.
    await eventually(
      () => admin('GET', PAYMENT_PATHS.holds),
      (holds) => JSON.stringify(holds).includes('"state":"ordered"'),
    );
    expect((await shopper.stored())?.number).toBe(order.number);
    expect(await providerPayments(shopper.key)).toHaveLength(1);
  });

  it('a declined card gives the stock back; the same checkout then pays with another card', async () => {
    const shopper = await guestWithBasket();
    const first = await shopper.ask();
    await payWith(first.body.payment.clientSecret, '4000 0000 0000 0002');
    expect(await eventually(stock, (left) => left === 10)).toBe(10);
    expect(await shopper.stored()).toBeNull();

    const again = await shopper.ask();
    expect(again.status).toBe(202);
    expect(again.body.payment.lastError).toMatchObject({ code: 'card_declined' });
    expect(await stock()).toBe(8);
    await payWith(again.body.payment.clientSecret, '4242 4242 4242 4242');
    expect((await shopper.ask()).body.order.status).toBe('paid');
    expect(await providerPayments(shopper.key)).toHaveLength(1);
  });

  it('a hold no one completes ends after its time: payment cancelled, stock back', async () => {
    const shopper = await guestWithBasket();
    await shopper.ask();
    expect(await stock()).toBe(8);
    clock += CARD_HOLD_MS + 1000;
    // Any order request sweeps: here another shopper's.
    const other = await guestWithBasket();
    expect((await other.ask('bank transfer')).status).toBe(200);
    expect(await stock()).toBe(8); // 10 − the other's 2: the first hold's 2 came back
    const [payment] = await providerPayments(shopper.key);
    expect(payment?.status).toBe('cancelled');
  });

  it('with the provider down: a clear 503, nothing held, the basket kept', async () => {
    const db = restDatabase({ url: database.server.url, credential: async () => 'owner' });
    const down = localProvider({
      url: 'http://127.0.0.1:9', // nothing listens there
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const deps = {
      trust: localTrust('demo-shop'),
      database: db,
      payments: down,
      now,
      log: () => {},
    };
    const served = await serveOverHttp(createPlaceOrder(deps));
    try {
      const shopper = await guestWithBasket();
      const answer = await post(
        served.url,
        { orderKey: shopper.key, personalInformation: SAMPLE_INFO, paymentMethod: 'card' },
        makeEmulatorStyleToken({ uid: shopper.session }),
      );
      expect(answer).toMatchObject({ status: 503, body: { error: 'payment-unavailable' } });
      expect(answer.body.message).toMatch(/Card payments are unavailable right now/);
      expect(await stock()).toBe(10);
      expect(await admin('GET', ORDER_PATHS.anonymousCart(shopper.session))).toMatchObject({
        totalQuantity: 2,
      });
    } finally {
      await served.close();
    }
  });

  it("two tabs of one basket: the second checkout's payment replaces the first's, one charge", async () => {
    const shopper = await guestWithBasket();
    const firstTab = await shopper.ask();
    const otherKey = `-Npaymentstabb${String(keys).padStart(6, '0')}`;
    const token = makeEmulatorStyleToken({ uid: shopper.session });
    const secondTab = await post(
      urls.place,
      { orderKey: otherKey, personalInformation: SAMPLE_INFO, paymentMethod: 'card' },
      token,
    );
    expect(secondTab.status).toBe(202);
    expect(await stock()).toBe(8); // the first tab's hold gave its stock back
    expect((await providerPayments(shopper.key))[0]?.status).toBe('cancelled');
    // The first tab's card can no longer be charged.
    const id = String(firstTab.body.payment.clientSecret).split('_secret_')[0] ?? '';
    const late = await fetch(`${providerUrl}/v1/payments/${id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientSecret: firstTab.body.payment.clientSecret,
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      }),
    });
    expect(late.status).toBe(409);
    await payWith(secondTab.body.payment.clientSecret, '4242 4242 4242 4242');
    const paid = await post(
      urls.place,
      { orderKey: otherKey, personalInformation: SAMPLE_INFO, paymentMethod: 'card' },
      token,
    );
    expect(paid.body.order.status).toBe('paid');
    expect(await shopper.stored()).toBeNull();
  });

  it('the scheduled upkeep ends expired holds and forgets old notification ids, no others', async () => {
    const shopper = await guestWithBasket();
    await shopper.ask();
    const db = restDatabase({ url: database.server.url, credential: async () => 'owner' });
    const payments = localProvider({
      url: providerUrl,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const ctx = { database: db, provider: payments, now, newNumber: () => newOrderNumber() };
    await admin('PUT', PAYMENT_PATHS.event('evt_old'), {
      at: clock - EVENT_MEMORY_MS - 1,
      type: 'authorised',
    });
    await admin('PUT', PAYMENT_PATHS.event('evt_recent'), { at: clock - 1000, type: 'authorised' });
    expect(await paymentUpkeep({ ...ctx, log: () => {} })).toMatchObject({ holds: 0, events: 1 });
    expect(await stock()).toBe(8);
    clock += CARD_HOLD_MS + 1000;
    expect(await paymentUpkeep({ ...ctx, log: () => {} })).toMatchObject({ holds: 1 });
    expect(await stock()).toBe(10);
    expect((await providerPayments(shopper.key))[0]?.status).toBe('cancelled');
    expect(await admin('GET', PAYMENT_PATHS.event('evt_old'))).toBeNull();
    expect(await admin('GET', PAYMENT_PATHS.event('evt_recent'))).not.toBeNull();
  });

  it('requests sweep at most once a minute on an instance, and again when it is due', async () => {
    const db = restDatabase({ url: database.server.url, credential: async () => 'owner' });
    let queries = 0;
    const counted = {
      ...db,
      query: ((...args) => ((queries += 1), db.query(...args))) as typeof db.query,
    };
    const payments = localProvider({
      url: providerUrl,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const sweep = requestSweeper(
      {
        database: counted,
        provider: payments,
        now,
        newNumber: () => newOrderNumber(),
        log: () => {},
      },
      'test',
    );
    await sweep();
    await sweep();
    clock += REQUEST_SWEEP_EVERY_MS - 1;
    await sweep();
    expect(queries).toBe(1);
    clock += 1;
    await sweep();
    expect(queries).toBe(2);
    clock -= 10 * REQUEST_SWEEP_EVERY_MS; // a clock set back: due, not stuck
    await sweep();
    expect(queries).toBe(3);
  });

  it('paying another way ends the card payment and orders once', async () => {
    const shopper = await guestWithBasket();
    await shopper.ask();
    const manual = await shopper.ask('bank transfer');
    expect(manual.status).toBe(200);
    expect(manual.body.order).toMatchObject({ status: 'placed', paymentMethod: 'bank transfer' });
    expect(await stock()).toBe(8);
    expect((await providerPayments(shopper.key))[0]?.status).toBe('cancelled');
  });
});

describe("the provider's notifications", () => {
  async function paidOrder() {
    const shopper = await guestWithBasket();
    const first = await shopper.ask();
    await payWith(first.body.payment.clientSecret, '4242 4242 4242 4242');
    expect((await shopper.ask()).status).toBe(200);
    return { shopper };
  }

  const event = (payment: Record<string, unknown>, id = `evt_test_${(keys += 1)}`) =>
    JSON.stringify({ id, type: 'payment.authorised', created: Math.floor(clock / 1000), payment });

  async function deliver(body: string, signature: string) {
    const response = await fetch(urls.notify, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Threadline-Signature': signature },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('refuses a forged, an altered and a stale one', async () => {
    const { shopper } = await paidOrder();
    const [payment] = await providerPayments(shopper.key);
    const body = event(payment ?? {});
    const at = Math.floor(clock / 1000);
    expect((await deliver(body, signPayload(body, 'whsec_not_ours', at))).status).toBe(400);
    const signed = signPayload(body, WEBHOOK_SECRET, at);
    expect((await deliver(body.replace('"USD"', '"EUR"'), signed)).status).toBe(400);
    const old = at - 10 * 60;
    expect((await deliver(body, signPayload(body, WEBHOOK_SECRET, old))).status).toBe(400);
    expect((await deliver(body, signed)).status).toBe(200);
  });

  it('handles a replayed one once', async () => {
    const { shopper } = await paidOrder();
    const [payment] = await providerPayments(shopper.key);
    const body = event(payment ?? {}, 'evt_replayed_once');
    const signed = signPayload(body, WEBHOOK_SECRET, Math.floor(clock / 1000));
    expect(await deliver(body, signed)).toMatchObject({ status: 200, body: { received: true } });
    const before = await shopper.stored();
    expect(await deliver(body, signed)).toMatchObject({ body: { duplicate: true } });
    expect(await shopper.stored()).toEqual(before);
  });

  it("refuses one that names another amount than the order's", async () => {
    const { shopper } = await paidOrder();
    const [payment] = await providerPayments(shopper.key);
    const body = event({ ...payment, amount: 1 });
    const signed = signPayload(body, WEBHOOK_SECRET, Math.floor(clock / 1000));
    expect(await deliver(body, signed)).toMatchObject({
      status: 409,
      body: { error: 'amount-mismatch' },
    });
  });
});

describe("the order's life moves the money", () => {
  async function shippedOrder() {
    const shopper = await guestWithBasket();
    const first = await shopper.ask();
    await payWith(first.body.payment.clientSecret, '4242 4242 4242 4242');
    const order = (await shopper.ask()).body.order as OrderRecord;
    const fulfil = staffToken('fulfil-1');
    const move = (from: string, to: string, extra = {}) =>
      post(urls.change, { number: order.number, from, to, ...extra }, fulfil);
    expect((await move('paid', 'packed')).status).toBe(200);
    const shipped = await move('packed', 'shipped', { carrier: 'DHL', tracking: 'JD01 46' });
    return { shopper, order: shipped.body.order as OrderRecord };
  }

  it("the guest's receipt shows the payment's steps, not the provider's ids", async () => {
    const { order } = await shippedOrder();
    const receipt = toReceipt(order);
    expect(receipt.payment).toEqual({
      amount: order.payment?.amount,
      status: 'captured',
      refunded: 0,
      history: [
        expect.objectContaining({ step: 'authorised' }),
        expect.objectContaining({ step: 'captured' }),
      ],
    });
    expect(JSON.stringify(receipt)).not.toContain(order.payment?.id ?? 'no id');
  });

  it('shipping captures the authorised amount', async () => {
    const { shopper, order } = await shippedOrder();
    expect(order.payment).toMatchObject({
      status: 'captured',
      captured: order.payment?.amount.amount,
    });
    expect((await providerPayments(shopper.key))[0]).toMatchObject({ status: 'captured' });
  });

  it('refunds part, never beyond what was captured, and a whole refund marks the order refunded', async () => {
    const { order } = await shippedOrder();
    const adminToken = staffToken('admin-1');
    const refund = (amount: number) =>
      post(urls.refund, { number: order.number, amount }, adminToken);
    const total = order.payment?.amount.amount ?? 0;
    const part = await refund(1000);
    expect(part.status).toBe(200);
    expect(part.body.order.payment).toMatchObject({ refunded: 1000, status: 'partly-refunded' });
    expect(part.body.order.status).toBe('shipped');
    const tooMuch = await refund(total);
    expect(tooMuch).toMatchObject({ status: 409, body: { error: 'too-much' } });
    const rest = await refund(total - 1000);
    expect(rest.body.order).toMatchObject({
      status: 'refunded',
      payment: { refunded: total, status: 'refunded' },
    });
    expect((await refund(1)).status).toBe(409);
    // Only an admin refunds.
    expect(
      (await post(urls.refund, { number: order.number, amount: 1 }, staffToken('fulfil-1'))).status,
    ).toBe(403);
  });

  it('cancelling before shipping releases the authorisation and gives the stock back', async () => {
    const shopper = await guestWithBasket();
    const first = await shopper.ask();
    await payWith(first.body.payment.clientSecret, '4242 4242 4242 4242');
    const order = (await shopper.ask()).body.order as OrderRecord;
    const cancelled = await post(
      urls.change,
      { number: order.number, from: 'paid', to: 'cancelled' },
      staffToken('fulfil-1'),
    );
    expect(cancelled.body.order.payment).toMatchObject({ status: 'cancelled' });
    expect((await providerPayments(shopper.key))[0]).toMatchObject({ status: 'cancelled' });
    expect(await stock()).toBe(10);
  });
});
