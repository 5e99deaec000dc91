// Security suite (decision 3901): the findings of the adversarial pass against the order functions,
// replayed over real HTTP (the handlers served on a loopback port as the Functions runtime serves
// them, requests with real sockets, the real database server and rules), each refused or bounded.
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import { withCors } from '../src/cors';
import { LOOKUPS_PER_CLIENT, createOrderStatus } from '../src/orderStatus';
import type { PlaceOrderAnswer } from '../src/orderRecord';
import { ORDER_LIMITS, createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { adminOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
const admin = adminOf(() => server.url);
const closers: (() => Promise<void>)[] = [];

const info = SAMPLE_INFO;
/**
 * The limits count in windows aligned to the clock: a test on the wall clock could cross into a
 * new window half-way, so each test runs at a fixed time, at the start of a window.
 */
const clock = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000;
const now = () => clock;
const key = (i: number) => `-Nsecurity${String(i).padStart(10, '0')}`;

async function served(
  make: (database: ReturnType<typeof restDatabase>) => Parameters<typeof serveOverHttp>[0],
): Promise<string> {
  const database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const { url, close } = await serveOverHttp(make(database));
  closers.push(close);
  return url;
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const orderAs = (uid: string, orderKey: string, extra: Record<string, string> = {}) => ({
  body: { orderKey, personalInformation: info, paymentMethod: 'card' },
  headers: { Authorization: `Bearer ${makeEmulatorStyleToken({ uid })}`, ...extra },
});

const seedCart = (uid: string, products: Record<string, unknown>, discount?: unknown) =>
  admin('PUT', `users/anonymousTokens/${uid}/anonymousCart`, {
    products,
    totalQuantity: 1,
    ...(discount ? { discount } : {}),
  });

const BOOTS = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } };

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await test.stop();
});
beforeEach(async () => {
  for (const path of ['users', 'orderNumbers', 'rateLimits', 'orderClaims', 'firstOrders']) {
    await admin('DELETE', path);
  }
});

describe('security: one order key, one answer (decision 3901)', () => {
  it('the same key twice at once for the last item: one order, and an "already placed" answer with that order', async () => {
    const url = await served((database) =>
      createPlaceOrder({ trust: localTrust('demo-shop'), database, now }),
    );
    const STOCK = 'catalog/products/merino-crew-knit/stock/M';
    const saved = await admin('GET', STOCK);
    try {
      await admin('PUT', STOCK, 1);
      await seedCart('shopper', {
        'merino-crew-knit_M': { id: 'merino-crew-knit', size: 'M', quantity: 1 },
      });
      const { body, headers } = orderAs('shopper', key(1));
      const answers = await Promise.all([post(url, body, headers), post(url, body, headers)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const replayed = answers.map(
        (a) => (a.body as PlaceOrderAnswer & { replayed: boolean }).replayed,
      );
      expect(replayed.sort()).toEqual([false, true]);
      expect(answers[0]?.body.order).toEqual(answers[1]?.body.order);
      expect(await admin('GET', STOCK)).toBe(0);
      const orders = (await admin(
        'GET',
        'users/anonymousTokens/shopper/anonymousOrders',
      )) as object;
      expect(Object.keys(orders)).toEqual([key(1)]);
    } finally {
      await admin('PUT', STOCK, saved);
    }
  });
});

describe('security: a first-order code is the server’s to grant (decision 3901)', () => {
  it('WELCOME15 is refused on a second order of the same email, from a new session', async () => {
    const url = await served((database) =>
      createPlaceOrder({ trust: localTrust('demo-shop'), database, now }),
    );
    const WELCOME = { isDiscount: true, discountType: 15, discountCode: 'WELCOME15' };
    await seedCart('first-session', BOOTS, WELCOME);
    const first = orderAs('first-session', key(2));
    expect((await post(url, first.body, first.headers)).status).toBe(200);
    await seedCart('second-session', BOOTS, WELCOME);
    const second = orderAs('second-session', key(3));
    const refused = await post(url, second.body, second.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'first-order-only',
      message:
        'The code WELCOME15 is for a first order only, and this email address has ordered before. Please remove the code from your basket.',
    });
    expect(await admin('GET', 'users/anonymousTokens/second-session/anonymousOrders')).toBeNull();
  });
});

describe('security: orders are limited (decision 3901)', () => {
  it(`20 orders in a second from one session: ${ORDER_LIMITS.caller.max} placed, the rest a clear 429 with when to retry`, async () => {
    const url = await served((database) =>
      createPlaceOrder({ trust: localTrust('demo-shop'), database, now }),
    );
    const STOCK = 'catalog/products/chelsea-boot-suede/stock/42';
    const before = (await admin('GET', STOCK)) as number;
    await seedCart('greedy', BOOTS);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { body, headers } = orderAs('greedy', key(100 + i));
        return post(url, body, headers);
      }),
    );
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ORDER_LIMITS.caller.max);
    expect(limited).toHaveLength(20 - ORDER_LIMITS.caller.max);
    for (const answer of limited) {
      expect(answer.body).toMatchObject({
        error: 'too-many-orders',
        message: expect.stringMatching(
          /^Too many orders in a short time\. Please try again in \d+ minutes?\.$/,
        ),
      });
      expect(Number(answer.headers.get('retry-after'))).toBe(answer.body.retryAfterSeconds);
      expect(Number(answer.body.retryAfterSeconds)).toBeGreaterThan(0);
    }
    await admin('PUT', STOCK, before);
  });

  it('one client address taking orders for many new sessions is limited, whatever it writes in X-Forwarded-For', async () => {
    const limits = { ...ORDER_LIMITS, address: { ...ORDER_LIMITS.address, max: 5 } };
    const url = await served((database) =>
      createPlaceOrder({ trust: localTrust('demo-shop'), database, limits, now }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await seedCart(`fresh-${i}`, BOOTS);
      const { body, headers } = orderAs(`fresh-${i}`, key(200 + i), {
        'X-Forwarded-For': `198.18.0.${i}`,
      });
      statuses.push((await post(url, body, headers)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('security: the client address is the platform’s, not the client’s (decision 3901)', () => {
  const NUMBERS = '23456789ABCDEFGHJKMNPQRSTWXYZ';
  // A number of its own each time: the failures-per-number limit is not what is tested here.
  const lookup = (i: number) => ({
    number: `TL-22${NUMBERS.charAt(i % 29)}${NUMBERS.charAt(Math.floor(i / 29))}22`,
    email: 'someone@example.com',
  });

  it('40 look-ups with a different forged X-Forwarded-For each: limited (no proxy: the socket address)', async () => {
    const url = await served((database) => createOrderStatus({ database, now }));
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (await post(url, lookup(i), { 'X-Forwarded-For': `203.0.113.${i}, 198.51.100.${i}` }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(LOOKUPS_PER_CLIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOOKUPS_PER_CLIENT);
  });

  it('behind one proxy: 40 forged entries in front of the proxy’s are one client; another client is not concerned', async () => {
    const url = await served((database) => createOrderStatus({ database, trustedProxies: 1, now }));
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (await post(url, lookup(i), { 'X-Forwarded-For': `10.9.${i}.1, 192.0.2.10` })).status,
      );
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOOKUPS_PER_CLIENT);
    expect((await post(url, lookup(50), { 'X-Forwarded-For': '192.0.2.11' })).status).toBe(404);
    // Counters name no address, and each window is deleted once it is over (limits.ts).
    expect(JSON.stringify(await admin('GET', 'rateLimits'))).not.toContain('192.0.2');
  });
});

describe('security: a request whose client address is not known is still a client (decision 5401)', () => {
  // As the Functions emulator hands requests on to the functions: over a local socket, no address.
  const overLocalSocket =
    (handler: Parameters<typeof serveOverHttp>[0]): Parameters<typeof serveOverHttp>[0] =>
    (req, res) =>
      handler({ ...req, socket: { remoteAddress: undefined } }, res);

  it('look-ups with no address, each with another X-Forwarded-For: one client, limited', async () => {
    const url = await served((database) => overLocalSocket(createOrderStatus({ database, now })));
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_CLIENT + 12; i += 1) {
      const lookup = {
        number: `TL-44${'23456789ABCDEFGHJKMNPQRSTWXYZ'.charAt(i)}444`,
        email: 'x@y.co',
      };
      statuses.push((await post(url, lookup, { 'X-Forwarded-For': `198.51.100.${i}` })).status);
    }
    expect(statuses).toEqual([
      ...Array.from({ length: LOOKUPS_PER_CLIENT }, () => 404),
      ...Array.from({ length: 12 }, () => 429),
    ]);
  });

  it('orders with no address, for new sessions: one client, limited', async () => {
    const limits = { ...ORDER_LIMITS, address: { ...ORDER_LIMITS.address, max: 3 } };
    const url = await served((database) =>
      overLocalSocket(createPlaceOrder({ trust: localTrust('demo-shop'), database, limits, now })),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await seedCart(`nowhere-${i}`, BOOTS);
      const { body, headers } = orderAs(`nowhere-${i}`, key(300 + i), {
        'X-Forwarded-For': `198.18.1.${i}`,
      });
      statuses.push((await post(url, body, headers)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('security: the functions answer CORS for the storefront’s origins only (decision 3901)', () => {
  const SHOP = 'http://localhost:8080';

  it('a page of ours may call; any other origin gets no CORS header, and its preflight a 403', async () => {
    const url = await served((database) => withCors([SHOP], createOrderStatus({ database, now })));
    const lookup = { number: 'TL-222222', email: 'someone@example.com' };
    const ours = await post(url, lookup, { Origin: SHOP });
    expect(ours.status).toBe(404);
    expect(ours.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(ours.headers.get('vary')).toBe('Origin');
    const theirs = await post(url, lookup, { Origin: 'https://evil.example' });
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = (origin: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(SHOP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(allowed.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
