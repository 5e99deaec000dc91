// The guest's order lookup against a real database server (in-process, over HTTP, the real rules):
// orders are placed by the order function, then found again with `orderStatus`, both called the
// way the Functions emulator calls them, with Express-like req/res.
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import {
  FAILURES_PER_NUMBER,
  LOOKUPS_PER_CLIENT,
  LOOKUP_WINDOW_MS,
  NOT_FOUND_MESSAGE,
  NUMBER_TRIES,
  type OrderStatusAnswer,
  type StatusRequest,
  createOrderStatus,
} from '../src/orderStatus';
import type { PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf } from './support';

let test: TestServer;
let server: DatabaseServer;
let clock = 1_764_000_000_000;
const logs: string[] = [];

const info = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  tel: '+48 123 456 789',
  address: '12 Analytical Street',
  city: 'London',
  zipCode: 'N1 9GU',
  country: 'United Kingdom',
};

const admin = adminOf(() => server.url);

const database = () => restDatabase({ url: server.url, credential: async () => 'owner' });

async function place(
  uid: string,
  orderKey: string,
  newNumber?: () => string,
): Promise<{ status: number; body: PlaceOrderAnswer }> {
  await admin('PUT', `users/anonymousTokens/${uid}/anonymousCart`, {
    products: { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 2 } },
    totalQuantity: 2,
  });
  const handler = createPlaceOrder({
    trust: localTrust('demo-shop'),
    database: database(),
    ...(newNumber ? { newNumber } : {}),
    log: (m) => logs.push(m),
  });
  const { res, sent } = fakeResponse();
  await handler(
    {
      method: 'POST',
      headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid })}` },
      body: { orderKey, personalInformation: info, paymentMethod: 'card' },
    },
    res,
  );
  return { status: sent.status, body: sent.body as PlaceOrderAnswer };
}

const placed = orderOf;

async function lookUp(
  body: unknown,
  {
    ip = '203.0.113.7',
    method = 'POST',
    forged = '',
  }: { ip?: string; method?: string; forged?: string } = {},
): Promise<{ status: number; body: OrderStatusAnswer; headers: Record<string, string> }> {
  const handler = createOrderStatus({
    database: database(),
    now: () => clock,
    log: (m) => logs.push(m),
    // Two proxies: the first appended the client's address, the second the first one's.
    trustedProxies: 2,
  });
  const req: StatusRequest = {
    method,
    headers: { 'x-forwarded-for': `${forged ? `${forged}, ` : ''}${ip}, 10.0.0.1` },
    body,
    ip: '10.0.0.1',
  };
  const { res, sent } = fakeResponse();
  await handler(req, res);
  return { status: sent.status, body: sent.body as OrderStatusAnswer, headers: sent.headers };
}

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
});
afterAll(() => test.stop());

beforeEach(async () => {
  for (const path of ['users', 'orderNumbers', 'rateLimits', 'firstOrders']) {
    await admin('DELETE', path);
  }
  logs.length = 0;
  // Windows are aligned to the clock (limits.ts): each test starts at a window's start.
  clock = (Math.floor(clock / LOOKUP_WINDOW_MS) + 2) * LOOKUP_WINDOW_MS;
});

describe('the order-number index', () => {
  it('is written with a new order: its path and the lowercased email, nothing else', async () => {
    const order = placed((await place('session-1', '-Nabcdefghij0123456_')).body);
    expect(await admin('GET', `orderNumbers/${order.number}`)).toEqual({
      path: 'users/anonymousTokens/session-1/anonymousOrders/-Nabcdefghij0123456_',
      email: 'ada@example.com',
    });
  });

  it('a number already taken is never given again: the order draws a fresh one', async () => {
    await admin('PUT', 'orderNumbers/TL-AAAAAA', { path: 'users/x', email: 'x@example.com' });
    const numbers = ['TL-AAAAAA', 'TL-AAAAAA', 'TL-BBBBBB'];
    const order = placed(
      (await place('session-1', '-Nabcdefghij0123456_', () => numbers.shift() as string)).body,
    );
    expect(order.number).toBe('TL-BBBBBB');
    expect(
      await admin(
        'GET',
        'users/anonymousTokens/session-1/anonymousOrders/-Nabcdefghij0123456_/number',
      ),
    ).toBe('TL-BBBBBB');
    expect(await admin('GET', 'orderNumbers/TL-AAAAAA')).toEqual({
      path: 'users/x',
      email: 'x@example.com',
    });
  });

  it(`gives up after ${NUMBER_TRIES} taken numbers (500) and stores no order`, async () => {
    await admin('PUT', 'orderNumbers/TL-AAAAAA', { path: 'users/x', email: 'x@example.com' });
    const answer = await place('session-1', '-Nabcdefghij0123456_', () => 'TL-AAAAAA');
    expect(answer.status).toBe(500);
    expect(await admin('GET', 'users/anonymousTokens/session-1/anonymousOrders')).toBeNull();
    expect(logs.join('\n')).toMatch(/no free order number after 5 tries/);
  });

  it('20 simultaneous submissions of one key leave one entry: the stored order', async () => {
    await admin('PUT', 'users/anonymousTokens/session-1/anonymousCart', {
      products: { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } },
      totalQuantity: 1,
    });
    const handler = createPlaceOrder({ trust: localTrust('demo-shop'), database: database() });
    const token = makeEmulatorStyleToken({ uid: 'session-1' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { res, sent } = fakeResponse();
        await handler(
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: {
              orderKey: '-Nabcdefghij0123456_',
              personalInformation: info,
              paymentMethod: 'card',
            },
          },
          res,
        );
        return placed(sent.body as PlaceOrderAnswer);
      }),
    );
    const numbers = new Set(answers.map((order) => order.number));
    expect(numbers.size).toBe(1);
    const index = (await admin('GET', 'orderNumbers')) as Record<string, unknown>;
    expect(Object.keys(index)).toEqual([...numbers]);
  });
});

describe('orderStatus: lookups', () => {
  it('the right number and email answer the receipt: no phone, address or email', async () => {
    const order = placed((await place('session-1', '-Nabcdefghij0123456_')).body);
    // As a person types it: lower case, spaces around, the email in other capitals.
    const answer = await lookUp({
      number: ` ${order.number.toLowerCase()} `,
      email: ' ADA@example.COM ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      receipt: {
        number: order.number,
        status: 'placed',
        timestamp: order.timestamp,
        products: order.products.map((line) => ({
          id: line.id,
          size: '42',
          quantity: line.quantity,
          name: line.name,
          imageUrl: line.imageUrl,
          alt: line.alt,
          annotation: line.annotation,
          originalPrice: line.originalPrice,
          discountedPrice: line.discountedPrice,
        })),
        totalPrice: order.totalPrice,
        totalQuantity: 2,
        shipment: order.shipment,
        discount: { isDiscount: false, discountType: null, discountCode: '' },
        paymentMethod: 'card',
        shipping: { name: 'Ada Lovelace', city: 'London' },
        history: [],
      },
    });
    const text = JSON.stringify(answer.body);
    for (const secret of [info.tel, info.address, info.zipCode, 'ada@example.com', 'session-1']) {
      expect(text).not.toContain(secret);
    }
  });

  it('a wrong email and an unknown number get the same 404 body', async () => {
    const order = placed((await place('session-1', '-Nabcdefghij0123456_')).body);
    const wrongEmail = await lookUp({ number: order.number, email: 'eve@example.com' });
    const unknown = await lookUp({
      number: order.number === 'TL-222222' ? 'TL-333333' : 'TL-222222',
      email: info.email,
    });
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.body).toEqual({ error: 'not-found', message: NOT_FOUND_MESSAGE });
    expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(wrongEmail.body));
    expect(unknown.headers).toEqual(wrongEmail.headers);
  });

  it('an index entry whose order has another number finds nothing', async () => {
    const order = placed((await place('session-1', '-Nabcdefghij0123456_')).body);
    const path = (await admin('GET', `orderNumbers/${order.number}`)) as { path: string };
    await admin('PUT', 'orderNumbers/TL-XXXXXX', { path: path.path, email: 'ada@example.com' });
    expect((await lookUp({ number: 'TL-XXXXXX', email: info.email })).status).toBe(404);
  });
});

describe('orderStatus: guessing is rate-limited', () => {
  it(`the ${LOOKUPS_PER_CLIENT + 1}th lookup of one client in 10 minutes is a 429 with Retry-After`, async () => {
    for (let i = 0; i < LOOKUPS_PER_CLIENT; i += 1) {
      const guess = await lookUp({ number: `TL-2222${'ABCDEFGHJK'.charAt(i)}2`, email: 'a@b.co' });
      expect(guess.status).toBe(404);
      clock += 1000;
    }
    const over = await lookUp({ number: 'TL-999999', email: 'a@b.co' });
    expect(over.status).toBe(429);
    const seconds = LOOKUP_WINDOW_MS / 1000 - LOOKUPS_PER_CLIENT;
    expect(over.body).toEqual({
      error: 'too-many-requests',
      message: 'Too many order look-ups. Please try again in 10 minutes.',
      retryAfterSeconds: seconds,
    });
    expect(over.headers['retry-after']).toBe(String(seconds));
    expect(over.headers['access-control-expose-headers']).toBe('Retry-After');
    // Another client is not concerned; the same client is once the window has passed.
    expect(
      (await lookUp({ number: 'TL-999999', email: 'a@b.co' }, { ip: '198.51.100.2' })).status,
    ).toBe(404);
    clock += LOOKUP_WINDOW_MS;
    expect((await lookUp({ number: 'TL-999999', email: 'a@b.co' })).status).toBe(404);
  });

  it(`after ${FAILURES_PER_NUMBER} failed lookups of a number, from any clients, even the right email gets a 429`, async () => {
    const order = placed((await place('session-1', '-Nabcdefghij0123456_')).body);
    for (let i = 0; i < FAILURES_PER_NUMBER; i += 1) {
      const guess = await lookUp(
        { number: order.number, email: `guess${i}@example.com` },
        { ip: `198.51.100.${i}` },
      );
      expect(guess.status).toBe(404);
    }
    const right = await lookUp({ number: order.number, email: info.email }, { ip: '192.0.2.44' });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBe(LOOKUP_WINDOW_MS / 1000);
    clock += LOOKUP_WINDOW_MS;
    expect((await lookUp({ number: order.number, email: info.email })).status).toBe(200);
  });

  it('counters are stored by window and hashed key, never by address or number; a window is swept once over', async () => {
    await lookUp({ number: 'TL-222222', email: 'a@b.co' });
    type Windows = Record<string, Record<string, Record<string, number>>>;
    const limits = (await admin('GET', 'rateLimits')) as Windows;
    expect(Object.keys(limits).sort()).toEqual(['failedLookupsPerNumber', 'lookupsPerClient']);
    for (const windows of Object.values(limits)) {
      expect(Object.keys(windows)).toEqual([String(clock)]);
      const counts = windows[String(clock)] as Record<string, number>;
      expect(Object.keys(counts)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
      expect(Object.values(counts)).toEqual([1]);
    }
    expect(JSON.stringify(limits)).not.toContain('203.0.113.7');
    expect(JSON.stringify(limits)).not.toContain('TL-222222');
    const first = clock;
    clock += LOOKUP_WINDOW_MS;
    await lookUp({ number: 'TL-222222', email: 'a@b.co' });
    const later = (await admin('GET', 'rateLimits')) as Windows;
    expect(Object.keys(later.lookupsPerClient ?? {})).toEqual([String(clock)]);
    expect(JSON.stringify(later)).not.toContain(String(first));
  });

  it('40 lookups, each with another address written in front of the forwarded one: limited all the same', async () => {
    const answers = [];
    for (let i = 0; i < 40; i += 1) {
      answers.push(
        await lookUp({ number: 'TL-222222', email: 'a@b.co' }, { forged: `198.18.0.${i}` }),
      );
    }
    expect(answers.filter((a) => a.status === 404)).toHaveLength(LOOKUPS_PER_CLIENT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - LOOKUPS_PER_CLIENT);
  });

  it('simultaneous lookups of one client are all counted (conditional writes)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => lookUp({ number: 'TL-222222', email: 'a@b.co' })),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15 - LOOKUPS_PER_CLIENT);
  });
});

describe('orderStatus: refusals', () => {
  it('400 with a clear message for a malformed body', async () => {
    const cases: [unknown, RegExp][] = [
      ['{not json', /not valid JSON/],
      [[], /JSON object/],
      [{ email: 'a@b.co' }, /number must be an order number such as TL-7F3K2Q/],
      [{ number: 'TL-0OIL1U', email: 'a@b.co' }, /number must be/],
      [{ number: '../../users', email: 'a@b.co' }, /number must be/],
      [{ number: 'TL-222222' }, /email must be/],
      [{ number: 'TL-222222', email: 'x'.repeat(201) }, /at most 200 characters/],
      [{ number: 'TL-222222', email: 'a@b.co', uid: 'x' }, /Unknown field.*uid/],
    ];
    for (const [body, message] of cases) {
      const answer = await lookUp(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'invalid-request',
        message: expect.stringMatching(message),
      });
    }
    // Not counted as lookups.
    expect(await admin('GET', 'rateLimits')).toBeNull();
  });

  it('405 for anything but POST', async () => {
    const answer = await lookUp(undefined, { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(answer.body).toMatchObject({ error: 'method-not-allowed' });
  });

  it('503 with a clear message when the database is unreachable', async () => {
    const offline = createOrderStatus({
      database: restDatabase({ url: 'http://127.0.0.1:9', credential: async () => 'owner' }),
      log: (m) => logs.push(m),
    });
    const { res, sent } = fakeResponse();
    await offline(
      { method: 'POST', headers: {}, body: { number: 'TL-222222', email: 'a@b.co' } },
      res,
    );
    expect(sent.status).toBe(503);
    expect(sent.body).toMatchObject({ error: 'database-unavailable' });
    expect(logs.join('\n')).toMatch(/unreachable/);
  });
});
