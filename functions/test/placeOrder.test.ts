// The order endpoint against a real database server (in-process, over HTTP, the real rules): the
// handler is called the way the Functions emulator calls it, with Express-like req/res.
import { BASKET_LINES_MAX } from '@shop/shared/constants';
import { priceLines } from '@shop/shared/pricing/pricing';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken, makeRawToken } from '../../database/test/tokens';
import { ORDER_NUMBER_PATTERN } from '@shop/shared/order/orderVocabulary';
import type { HttpRequest } from '../src/http';
import type { OrderRecord, PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO } from './support';

let test: TestServer;
let server: DatabaseServer;
let handler: ReturnType<typeof createPlaceOrder>;
const logs: string[] = [];

const KEY = '-Nabcdefghij0123456_';
const info = SAMPLE_INFO;

const admin = adminOf(() => server.url);

async function call(
  body: unknown,
  token: string | null = makeEmulatorStyleToken({ uid: 'session-1' }),
  method = 'POST',
): Promise<{ status: number; body: PlaceOrderAnswer }> {
  const req: HttpRequest = {
    method,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    body,
  };
  const { res, sent } = fakeResponse();
  await handler(req, res);
  return { status: sent.status, body: sent.body as PlaceOrderAnswer };
}

const order = orderOf;

const body = (extra: Record<string, unknown> = {}) => ({
  orderKey: KEY,
  personalInformation: info,
  paymentMethod: 'card',
  ...extra,
});

async function seedCart(path: string, products: Record<string, unknown>, discount?: unknown) {
  await admin('PUT', path, { products, totalQuantity: 1, ...(discount ? { discount } : {}) });
}

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  handler = createPlaceOrder({
    trust: localTrust('demo-shop'),
    database: restDatabase({ url: server.url, credential: async () => 'owner' }),
    log: (m) => logs.push(m),
  });
});
afterAll(() => test.stop());

beforeEach(async () => {
  for (const path of ['users', 'firstOrders', 'orderClaims', 'rateLimits']) {
    await admin('DELETE', path);
  }
  logs.length = 0;
});

describe('placeOrder: pricing', () => {
  it('prices the stored basket from the catalog, numbers the order and stores it once', async () => {
    const product = (await admin('GET', 'catalog/products/trail-runner-gtx')) as {
      discountedPrice: number;
      originalPrice: number;
      sizes: string[];
    };
    const size = product.sizes[0] as string;
    await seedCart('users/anonymousTokens/session-1/anonymousCart', {
      [`trail-runner-gtx_${size}`]: { id: 'trail-runner-gtx', size, quantity: 2 },
    });

    const first = await call(body());

    expect(first.status).toBe(200);
    const placed = order(first.body);
    expect(placed).toMatchObject({
      id: KEY,
      status: 'placed',
      totalQuantity: 2,
      shipment: 9.99,
      paymentMethod: 'card',
      personalInformation: info,
      discount: { isDiscount: false, discountType: '', discountCode: '' },
    });
    expect(placed.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(placed.totalPrice).toBe(
      priceLines([{ discountedPrice: product.discountedPrice, quantity: 2 }], null).total,
    );
    expect(placed.products[0]).toMatchObject({
      id: 'trail-runner-gtx',
      size,
      quantity: 2,
      discountedPrice: product.discountedPrice,
      originalPrice: product.originalPrice,
    });
    const stored = await admin('GET', `users/anonymousTokens/session-1/anonymousOrders/${KEY}`);
    expect(stored).toEqual(placed);
  });

  it('applies a percentage code and FREESHIP as the database has them', async () => {
    await seedCart(
      'users/anonymousTokens/session-1/anonymousCart',
      { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } },
      { isDiscount: true, discountType: 99, discountCode: 'SAVE10' },
    );
    const price = (
      (await admin('GET', 'catalog/products/chelsea-boot-suede')) as {
        discountedPrice: number;
      }
    ).discountedPrice;
    const withCode = order((await call(body())).body);
    // The basket said 99 %: the stored code says 10 %, and that is what counts.
    expect(withCode.discount).toEqual({
      isDiscount: true,
      discountType: 10,
      discountCode: 'SAVE10',
    });
    expect(withCode.totalPrice).toBe(
      priceLines([{ discountedPrice: price, quantity: 1 }], { isDiscount: true, discountType: 10 })
        .total,
    );

    await seedCart(
      'users/anonymousTokens/session-2/anonymousCart',
      { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } },
      { isDiscount: true, discountType: 'SHIPMENT', discountCode: 'FREESHIP' },
    );
    const free = order((await call(body(), makeEmulatorStyleToken({ uid: 'session-2' }))).body);
    expect(free.shipment).toBe(0);
  });

  it('refuses an unknown discount code (409) and stores nothing', async () => {
    await seedCart(
      'users/anonymousTokens/session-1/anonymousCart',
      { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } },
      { isDiscount: true, discountType: 50, discountCode: 'NOPE' },
    );
    const answer = await call(body());
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'discount' });
    expect(await admin('GET', 'users/anonymousTokens/session-1/anonymousOrders')).toBeNull();
  });

  it('refuses an empty basket and a product the catalog does not have (409)', async () => {
    expect((await call(body())).body).toMatchObject({ error: 'empty-basket' });
    await admin('PUT', 'users/anonymousTokens/session-1/anonymousCart', {
      products: { ghost: { id: 'ghost', quantity: 1 } },
      totalQuantity: 1,
    });
    const answer = await call(body());
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'unavailable', ids: ['ghost'] });
  });

  it(`refuses a basket of more than ${BASKET_LINES_MAX} lines (409), which the rules cannot count`, async () => {
    const catalog = (await admin('GET', 'catalog/products')) as Record<
      string,
      { sizes?: string[] }
    >;
    const lines: Record<string, unknown> = {};
    for (const [id, product] of Object.entries(catalog)) {
      for (const size of product.sizes ?? []) {
        if (Object.keys(lines).length > BASKET_LINES_MAX) break;
        lines[`${id}_${size}`] = { id, size, quantity: 1 };
      }
    }
    expect(Object.keys(lines)).toHaveLength(BASKET_LINES_MAX + 1);
    await seedCart('users/anonymousTokens/session-1/anonymousCart', lines);
    const answer = await call(body());
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: 'too-many-lines',
      message: `The basket holds ${BASKET_LINES_MAX + 1} different items; one order takes at most ${BASKET_LINES_MAX}. Please remove some.`,
    });
    expect(await admin('GET', 'users/anonymousTokens/session-1/anonymousOrders')).toBeNull();
  });

  it('stores the colour of each line, and refuses a colour the product does not come in (409)', async () => {
    const product = (await admin('GET', 'catalog/products/trail-runner-gtx')) as {
      colours: string[];
    };
    const [first, second] = product.colours as [string, string];
    await admin('PUT', 'users/anonymousTokens/session-1/anonymousCart', {
      products: {
        [`trail-runner-gtx_40~${first.toLowerCase()}`]: {
          id: 'trail-runner-gtx',
          size: '40',
          colour: first,
          quantity: 1,
        },
        [`trail-runner-gtx_40~${second.toLowerCase()}`]: {
          id: 'trail-runner-gtx',
          size: '40',
          colour: second,
          quantity: 2,
        },
      },
      totalQuantity: 3,
    });
    const placed = await call(body());
    expect(placed.status).toBe(200);
    // The database keeps a basket's lines in key order.
    const stored = order(placed.body as PlaceOrderAnswer).products.map((l) => [
      l.colour,
      l.quantity,
    ]);
    expect(stored.sort()).toEqual(
      [
        [first, 1],
        [second, 2],
      ].sort(),
    );
    await admin('PUT', 'users/anonymousTokens/session-1/anonymousCart', {
      products: {
        'trail-runner-gtx_40~pink': {
          id: 'trail-runner-gtx',
          size: '40',
          colour: 'Pink',
          quantity: 1,
        },
      },
      totalQuantity: 1,
    });
    const refused = await call(body({ orderKey: '-Nabcdefghij0123457_' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'unavailable', ids: ['trail-runner-gtx (Pink)'] });
  });
});

describe('placeOrder: markets (decision 5101)', () => {
  const BOOT = 'chelsea-boot-suede';
  const cartPath = 'users/anonymousTokens/session-1/anonymousCart';
  const boot = { [`${BOOT}_42`]: { id: BOOT, size: '42', quantity: 1 } };
  const euros = { originalPrice: 149, discountedPrice: 139 };
  let kept: unknown;

  beforeAll(async () => {
    kept = await admin('GET', `catalog/products/${BOOT}/prices`);
  });
  beforeEach(async () => {
    await admin('PUT', `catalog/products/${BOOT}/prices`, { EUR: euros });
  });
  afterAll(async () => {
    await admin('PUT', `catalog/products/${BOOT}/prices`, kept);
    await admin('DELETE', 'discounts/DOLLARSOFF');
  });

  it('a US order without a market is priced as before and records USD and us', async () => {
    await seedCart(cartPath, boot);
    const placed = order((await call(body())).body);
    expect(placed).toMatchObject({ currency: 'USD', market: 'us', shipment: 9.99 });
  });

  it("prices an order in Germany from the EUR price list with Germany's shipping fee", async () => {
    await seedCart(cartPath, boot);
    const answer = await call(body({ market: 'de' }));
    expect(answer.status).toBe(200);
    const placed = order(answer.body);
    expect(placed).toMatchObject({ currency: 'EUR', market: 'de', shipment: 4.95 });
    expect(placed.products[0]).toMatchObject({
      id: BOOT,
      originalPrice: euros.originalPrice,
      discountedPrice: euros.discountedPrice,
    });
    expect(placed.totalPrice).toBe(143.95);
    expect(await admin('GET', `users/anonymousTokens/session-1/anonymousOrders/${KEY}`)).toEqual(
      placed,
    );
    // A retry with the same key answers the same order.
    expect((await call(body({ market: 'de' }))).body).toEqual({ order: placed, replayed: true });
  });

  it('refuses a product with no price in the market’s currency like a missing one (409)', async () => {
    await seedCart(cartPath, boot);
    const answer = await call(body({ market: 'uk' }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: 'unavailable',
      ids: [BOOT],
      message: expect.stringMatching(/not sold in United Kingdom/),
    });
    expect(await admin('GET', 'users/anonymousTokens/session-1/anonymousOrders')).toBeNull();
  });

  it('400 unknown-market for a market the shop does not sell in', async () => {
    await seedCart(cartPath, boot);
    for (const market of ['fr', '', 7, null]) {
      const answer = await call(body({ market }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'unknown-market',
        message: 'market must be one of: us, de, uk.',
      });
    }
  });

  it('takes a fixed-amount code’s amount in the order’s currency off the products', async () => {
    const tenOff = { isDiscount: true, discountType: 'AMOUNT', discountCode: 'TENOFF' };
    await seedCart(cartPath, boot, tenOff);
    const placed = order((await call(body({ market: 'de' }))).body);
    expect(placed.discount).toEqual({ ...tenOff, amounts: { EUR: 10 } });
    expect(placed.totalPrice).toBe(133.95);

    await seedCart('users/anonymousTokens/session-2/anonymousCart', boot, tenOff);
    const dollars = order((await call(body(), makeEmulatorStyleToken({ uid: 'session-2' }))).body);
    const price = ((await admin('GET', `catalog/products/${BOOT}`)) as { discountedPrice: number })
      .discountedPrice;
    expect(dollars.discount).toEqual({ ...tenOff, amounts: { USD: 10 } });
    expect(dollars.totalPrice).toBe(
      priceLines([{ discountedPrice: price, quantity: 1 }], {
        isDiscount: true,
        discountType: 'AMOUNT',
        amounts: { USD: 10 },
      }).total,
    );
  });

  it('refuses a fixed-amount code with no amount in the order’s currency (409 discount)', async () => {
    await admin('PUT', 'discounts/DOLLARSOFF', {
      code: 'DOLLARSOFF',
      discountType: 'AMOUNT',
      amounts: { USD: 5 },
      description: '$5 off',
    });
    await seedCart(cartPath, boot, {
      isDiscount: true,
      discountType: 'AMOUNT',
      discountCode: 'DOLLARSOFF',
    });
    const answer = await call(body({ market: 'de' }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: 'discount',
      message: 'The discount code DOLLARSOFF does not apply to orders in EUR.',
    });
  });
});

describe('placeOrder: exactly once', () => {
  beforeEach(() =>
    seedCart('users/anonymousTokens/session-1/anonymousCart', {
      'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 },
    }),
  );

  it('a retry returns the stored order (same number), even once the basket changed', async () => {
    const first = order((await call(body())).body);
    await seedCart('users/anonymousTokens/session-1/anonymousCart', {
      'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 5 },
    });
    const again = await call(body());
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ order: first, replayed: true });
  });

  it('20 simultaneous submissions of one key store one order, take its stock once and all answer it', async () => {
    const before = (await admin('GET', 'catalog/products/chelsea-boot-suede/stock/42')) as number;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(body())));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const numbers = new Set(answers.map((a) => order(a.body).number));
    expect(numbers.size).toBe(1);
    expect(answers.filter((a) => 'replayed' in a.body && !a.body.replayed)).toHaveLength(1);
    const stored = (await admin(
      'GET',
      'users/anonymousTokens/session-1/anonymousOrders',
    )) as Record<string, OrderRecord>;
    expect(Object.keys(stored)).toEqual([KEY]);
    expect(stored[KEY]?.number).toBe([...numbers][0]);
    expect(await admin('GET', 'catalog/products/chelsea-boot-suede/stock/42')).toBe(before - 1);
  });
});

describe('placeOrder: one key, one answer (decision 3901)', () => {
  const LAST = 'catalog/products/chelsea-boot-suede/stock/43';
  let saved: unknown;
  beforeAll(async () => {
    saved = await admin('GET', LAST);
  });
  afterEach(async () => {
    await admin('PUT', LAST, saved);
    await admin('DELETE', 'orderClaims');
  });

  it('the same key twice at once for the last item: one order, and the other answer is that order, never "sold out"', async () => {
    for (let trial = 0; trial < 5; trial += 1) {
      await admin('DELETE', 'users');
      await admin('PUT', LAST, 1);
      await seedCart('users/anonymousTokens/session-1/anonymousCart', {
        'chelsea-boot-suede_43': { id: 'chelsea-boot-suede', size: '43', quantity: 1 },
      });
      const answers = await Promise.all([call(body()), call(body())]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const [first, second] = answers.map((a) => order(a.body));
      expect(second).toEqual(first);
      expect(answers.map((a) => 'replayed' in a.body && a.body.replayed).sort()).toEqual([
        false,
        true,
      ]);
      expect(await admin('GET', LAST)).toBe(0);
      expect(await admin('GET', 'orderClaims')).toBeNull();
    }
  });

  it('a key claimed by a running request answers 409 in-progress with Retry-After, takes no stock, and the order once stored', async () => {
    await admin('PUT', LAST, 1);
    await seedCart('users/anonymousTokens/session-1/anonymousCart', {
      'chelsea-boot-suede_43': { id: 'chelsea-boot-suede', size: '43', quantity: 1 },
    });
    await admin('PUT', `orderClaims/session-1/${KEY}`, { at: Date.now(), by: 'another request' });
    const waiting = createPlaceOrder({
      trust: localTrust('demo-shop'),
      database: restDatabase({ url: server.url, credential: async () => 'owner' }),
      claimWaitMs: 200,
    });
    const { res, sent } = fakeResponse();
    await waiting(
      {
        method: 'POST',
        headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: 'session-1' })}` },
        body: body(),
      },
      res,
    );
    expect(sent.status).toBe(409);
    expect(sent.body).toEqual({
      error: 'in-progress',
      message:
        'This order is still being placed. Please wait a moment: an order is placed only once.',
      retryAfterSeconds: 2,
    });
    expect(sent.headers['retry-after']).toBe('2');
    expect(await admin('GET', LAST)).toBe(1);
    // The other request stored it meanwhile: asking again answers that order.
    const stored = { id: KEY, number: 'TL-222222', status: 'placed' };
    await admin('PUT', `users/anonymousTokens/session-1/anonymousOrders/${KEY}`, stored);
    const again = await call(body());
    expect(again.body).toEqual({ order: stored, replayed: true });
  });

  it('a claim left by a request that died is taken over', async () => {
    await seedCart('users/anonymousTokens/session-1/anonymousCart', {
      'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 },
    });
    await admin('PUT', `orderClaims/session-1/${KEY}`, { at: Date.now() - 10 * 60_000, by: 'x' });
    const answer = await call(body());
    expect(answer.status).toBe(200);
    expect(await admin('GET', 'orderClaims')).toBeNull();
  });
});

describe('placeOrder: a first-order code (decision 3901)', () => {
  const WELCOME = { isDiscount: true, discountType: 15, discountCode: 'WELCOME15' };
  const boots = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } };
  const anon = (uid: string) => makeEmulatorStyleToken({ uid });
  const refusal = (what: string) => ({
    error: 'first-order-only',
    message: `The code WELCOME15 is for a first order only, and this ${what} has ordered before. Please remove the code from your basket.`,
  });

  it("is honoured on an email's first order, and refused on a second one from a new session", async () => {
    await seedCart('users/anonymousTokens/guest-1/anonymousCart', boots, WELCOME);
    const first = await call(body(), anon('guest-1'));
    expect(order(first.body).discount).toEqual({ ...WELCOME, discountType: 15 });

    const stock = await admin('GET', 'catalog/products/chelsea-boot-suede/stock/42');
    await seedCart('users/anonymousTokens/guest-2/anonymousCart', boots, WELCOME);
    const second = await call(
      body({
        orderKey: '-Nabcdefghij0123457_',
        personalInformation: { ...info, email: 'ADA@example.com ' },
      }),
      anon('guest-2'),
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual(refusal('email address'));
    expect(await admin('GET', 'users/anonymousTokens/guest-2/anonymousOrders')).toBeNull();
    expect(await admin('GET', 'catalog/products/chelsea-boot-suede/stock/42')).toBe(stock);
    // The basket (and its code) is the shopper's to change: without the code, the order goes.
    await seedCart('users/anonymousTokens/guest-2/anonymousCart', boots);
    expect((await call(body({ orderKey: '-Nabcdefghij0123457_' }), anon('guest-2'))).status).toBe(
      200,
    );
  });

  it('is refused after an order without it, and on a second order of the same session', async () => {
    await seedCart('users/anonymousTokens/session-1/anonymousCart', boots);
    expect((await call(body())).status).toBe(200);
    await seedCart('users/anonymousTokens/session-1/anonymousCart', boots, WELCOME);
    const second = await call(body({ orderKey: '-Nabcdefghij0123457_' }));
    expect(second.body).toEqual(refusal('email address'));
  });

  it("is refused on an account's second order, whatever email it gives", async () => {
    const token = makeEmulatorStyleToken({ uid: 'account-9', provider: 'password' });
    await seedCart('users/validated/account-9/userCart', boots);
    expect((await call(body(), token)).status).toBe(200);
    await seedCart('users/validated/account-9/userCart', boots, WELCOME);
    const second = await call(
      body({
        orderKey: '-Nabcdefghij0123457_',
        personalInformation: { ...info, email: 'new@example.com' },
      }),
      token,
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual(refusal('account'));
    // An account's orders from before the marks existed count too.
    await admin('DELETE', 'firstOrders');
    expect(
      (
        await call(
          body({
            orderKey: '-Nabcdefghij0123458_',
            personalInformation: { ...info, email: 'new2@example.com' },
          }),
          token,
        )
      ).body,
    ).toEqual(refusal('account'));
  });

  it('an order with it that is not stored (out of stock) leaves the first order free', async () => {
    const SIZE = 'catalog/products/chelsea-boot-suede/stock/44';
    const saved = await admin('GET', SIZE);
    const line = { 'chelsea-boot-suede_44': { id: 'chelsea-boot-suede', size: '44', quantity: 1 } };
    try {
      await admin('PUT', SIZE, 0);
      await seedCart('users/anonymousTokens/session-1/anonymousCart', line, WELCOME);
      expect((await call(body())).body).toMatchObject({ error: 'out-of-stock' });
      expect(await admin('GET', 'firstOrders')).toBeNull();
      await admin('PUT', SIZE, 1);
      expect(order((await call(body())).body).discount.discountCode).toBe('WELCOME15');
    } finally {
      await admin('PUT', SIZE, saved);
    }
  });
});

describe('placeOrder: stock', () => {
  const STOCK = 'catalog/products/merino-crew-knit/stock';
  let saved: unknown;
  beforeAll(async () => {
    saved = await admin('GET', STOCK);
  });
  afterEach(() => admin('PUT', STOCK, saved));

  const sessionToken = (i: number) => makeEmulatorStyleToken({ uid: `shopper-${i}` });
  const cartOf = (i: number) => `users/anonymousTokens/shopper-${i}/anonymousCart`;

  it('20 shoppers ordering the last 3 of one size at once: exactly 3 orders, 17 clear refusals, stock 0', async () => {
    await admin('PUT', `${STOCK}/M`, 3);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        seedCart(cartOf(i), {
          'merino-crew-knit_M': { id: 'merino-crew-knit', size: 'M', quantity: 1 },
        }),
      ),
    );

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(body(), sessionToken(i))),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(17);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        error: 'out-of-stock',
        message: 'Merino Crew Knit in size M is sold out: please remove it from your basket.',
        ids: ['merino-crew-knit (M)'],
      });
    }
    expect(await admin('GET', `${STOCK}/M`)).toBe(0);
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin('GET', `users/anonymousTokens/shopper-${i}/anonymousOrders`),
      ),
    );
    expect(orders.filter((o) => o !== null)).toHaveLength(3);
  });

  it('takes all or nothing: a short second line leaves the first one untaken, and both sizes are named', async () => {
    await admin('PUT', STOCK, { ...(saved as object), S: 10, M: 1, XL: 0 });
    await seedCart(cartOf(0), {
      'merino-crew-knit_S': { id: 'merino-crew-knit', size: 'S', quantity: 2 },
      'merino-crew-knit_M': { id: 'merino-crew-knit', size: 'M', quantity: 2 },
      'merino-crew-knit_XL': { id: 'merino-crew-knit', size: 'XL', quantity: 1 },
    });

    const answer = await call(body(), sessionToken(0));

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: 'out-of-stock',
      message:
        'Only 1 left of Merino Crew Knit in size M (your basket has 2): please lower the quantity. Merino Crew Knit in size XL is sold out: please remove it from your basket.',
      ids: ['merino-crew-knit (M)', 'merino-crew-knit (XL)'],
    });
    expect(await admin('GET', STOCK)).toMatchObject({ S: 10, M: 1, XL: 0 });
    expect(await admin('GET', `users/anonymousTokens/shopper-0/anonymousOrders`)).toBeNull();
  });

  it('two colours of one size draw on one count', async () => {
    await admin('PUT', 'catalog/products/merino-crew-knit/stock/L', 3);
    await seedCart(cartOf(1), {
      'merino-crew-knit_L~navy': { id: 'merino-crew-knit', size: 'L', colour: 'Navy', quantity: 2 },
      'merino-crew-knit_L~oatmeal': {
        id: 'merino-crew-knit',
        size: 'L',
        colour: 'Oatmeal',
        quantity: 2,
      },
    });
    const answer = await call(body(), sessionToken(1));
    expect(answer.body).toMatchObject({
      error: 'out-of-stock',
      message:
        'Only 3 left of Merino Crew Knit in size L (your basket has 4): please lower the quantity.',
    });
  });

  it('counts a product without sizes under "one size", and does not count a product without a stock list', async () => {
    const beanie = (await admin('GET', 'catalog/products/ribbed-beanie/stock')) as Record<
      string,
      number
    >;
    const left = beanie['one size'] as number;
    await seedCart(cartOf(2), { 'ribbed-beanie': { id: 'ribbed-beanie', quantity: 2 } });
    expect((await call(body(), sessionToken(2))).status).toBe(200);
    expect(await admin('GET', 'catalog/products/ribbed-beanie/stock/one size')).toBe(left - 2);
    await admin('PUT', 'catalog/products/ribbed-beanie/stock', beanie);

    const untracked = (await admin('GET', STOCK)) as unknown;
    await admin('DELETE', STOCK);
    try {
      await seedCart(cartOf(3), {
        'merino-crew-knit_M': { id: 'merino-crew-knit', size: 'M', quantity: 4 },
      });
      expect((await call(body(), sessionToken(3))).status).toBe(200);
      expect(await admin('GET', STOCK)).toBeNull();
    } finally {
      await admin('PUT', STOCK, untracked);
    }
  });
});

describe('placeOrder: accounts', () => {
  it('stores a signed-in order under the account with its personal information', async () => {
    await seedCart('users/validated/account-1/userCart', {
      'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 3 },
    });
    const token = makeEmulatorStyleToken({ uid: 'account-1', provider: 'password' });
    const placed = order((await call(body(), token)).body);
    expect(placed.totalQuantity).toBe(3);
    expect(await admin('GET', `users/validated/account-1/userOrders/${KEY}/number`)).toBe(
      placed.number,
    );
    expect(await admin('GET', 'users/validated/account-1/personalInformation')).toEqual(info);
    expect(await admin('GET', 'users/anonymousTokens')).toBeNull();
  });
});

describe('placeOrder: refusals', () => {
  it('401 without a token, with a garbage or expired token, or a token of another project', async () => {
    for (const token of [
      null,
      'not-a-token',
      makeEmulatorStyleToken({ uid: 'session-1', expiresIn: -10 }),
      makeEmulatorStyleToken({ uid: 'session-1', projectId: 'demo-other' }),
      makeRawToken({ alg: 'RS256' }, { sub: 'x' }, 'sig'),
    ]) {
      const answer = await call(body(), token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: 'unauthenticated' });
    }
  });

  it('400 with a clear message for malformed requests', async () => {
    const cases: [unknown, RegExp][] = [
      ['{not json', /not valid JSON/],
      [[], /JSON object/],
      [body({ orderKey: 'short' }), /orderKey/],
      [body({ orderKey: '../../catalog/x/y/z/w' }), /orderKey/],
      [body({ paymentMethod: 'iou' }), /paymentMethod/],
      [body({ totalPrice: 0 }), /Unknown field.*totalPrice/],
      [
        body({ personalInformation: { ...info, email: 'nope' } }),
        /email: Please enter a valid email/,
      ],
      // The forms' table (decision 4102): the same limits the checkout form shows.
      [
        body({ personalInformation: { ...info, name: 'x'.repeat(101) } }),
        /name: Name should be at most 100 characters long!/,
      ],
      [
        body({ personalInformation: { ...info, address: 'x'.repeat(233) } }),
        /address: Your address should be at most 200 characters long!/,
      ],
      [
        body({ personalInformation: { ...info, zipCode: '1'.repeat(60) } }),
        /zipCode: Your zip code should be at most 10 characters long!/,
      ],
      [
        body({ personalInformation: { ...info, password: 'secret123' } }),
        /Unknown personalInformation/,
      ],
    ];
    for (const [request, message] of cases) {
      const answer = await call(request);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'invalid-request',
        message: expect.stringMatching(message),
      });
    }
  });

  it('405 for anything but POST', async () => {
    expect((await call(undefined, undefined, 'GET')).status).toBe(405);
  });

  it('503 with a clear message when the database is unreachable', async () => {
    const offline = createPlaceOrder({
      trust: localTrust('demo-shop'),
      database: restDatabase({ url: 'http://127.0.0.1:9', credential: async () => 'owner' }),
      log: (m) => logs.push(m),
    });
    let status = 0;
    let sent: unknown;
    const res = {
      status(code: number) {
        status = code;
        return res;
      },
      json(value: unknown) {
        sent = value;
      },
    };
    await offline(
      {
        method: 'POST',
        headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: 's' })}` },
        body: body(),
      },
      res,
    );
    expect(status).toBe(503);
    expect(sent).toMatchObject({ error: 'database-unavailable' });
    expect(logs.join('\n')).toMatch(/unreachable/);
  });

  it('local trust is for demo- projects only', () => {
    expect(() => localTrust('my-shop')).toThrow(/demo- projects only/);
  });
});
