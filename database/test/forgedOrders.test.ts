// Forged orders sent straight to the database with a shopper's own token. Orders are written by the
// order function only (decision 1401), so every one is refused and nothing is stored, whatever it
// claims: these are the forgeries that used to be stored with status 200.
import { ADMIN, client, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;

const session = makeEmulatorStyleToken({ uid: 'shopper-session' });
const account = makeEmulatorStyleToken({ uid: 'shopper-acct', provider: 'password' });
const anonOrder = (key: string) => `/users/anonymousTokens/shopper-session/anonymousOrders/${key}`;
const acctOrder = (key: string) => `/users/validated/shopper-acct/userOrders/${key}`;

let line: Record<string, unknown>;

const order = (key: string, overrides: Record<string, unknown> = {}) => ({
  id: key,
  timestamp: Date.now(),
  products: [{ ...line, quantity: 1 }],
  discount: { isDiscount: false, discountType: '', discountCode: '' },
  totalPrice: (line.discountedPrice as number) + 9.99,
  totalQuantity: 1,
  shipment: 9.99,
  paymentMethod: 'card',
  personalInformation: {
    address: '1 Main Street',
    city: 'Springfield',
    country: 'US',
    email: 'shopper@example.com',
    name: 'Shopper',
    tel: '+12 345 6789',
    zipCode: '12345',
  },
  ...overrides,
});

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
  const products = (await db.get('/catalog/products.json')).json as Record<
    string,
    Record<string, unknown>
  >;
  const p = Object.values(products)[0] as Record<string, unknown>;
  line = {
    id: p.id,
    name: p.name,
    imageUrl: p.imageUrl,
    alt: p.alt,
    annotation: p.annotation,
    originalPrice: p.originalPrice,
    discountedPrice: p.discountedPrice,
  };
  // The shopper's basket and one order the function placed earlier.
  await db.put(
    '/users/anonymousTokens/shopper-session/anonymousCart.json',
    { totalQuantity: 1, products: { [p.id as string]: { id: p.id, quantity: 1 } } },
    { token: session },
  );
  await db.put(
    `${anonOrder('placed-0')}.json`,
    { ...order('placed-0'), number: 'TL-7F3K2Q', status: 'placed' },
    { token: ADMIN },
  );
});
afterAll(() => t.stop());

const forgeries: Array<[string, () => [path: string, body: unknown]]> = [
  ['totalPrice 0', () => [anonOrder('f1'), order('f1', { totalPrice: 0 })]],
  ['totalPrice 0.01', () => [anonOrder('f2'), order('f2', { totalPrice: 0.01 })]],
  ['totalQuantity 1e9', () => [anonOrder('f3'), order('f3', { totalQuantity: 1_000_000_000 })]],
  ['shipment 0 without FREESHIP', () => [anonOrder('f4'), order('f4', { shipment: 0 })]],
  [
    'discount NOPE / type 99',
    () => [
      anonOrder('f5'),
      order('f5', { discount: { isDiscount: true, discountCode: 'NOPE', discountType: 99 } }),
    ],
  ],
  [
    'a real code with the wrong percentage',
    () => [
      anonOrder('f6'),
      order('f6', { discount: { isDiscount: true, discountCode: 'SAVE10', discountType: 90 } }),
    ],
  ],
  [
    'a fractional percentage',
    () => [
      anonOrder('f7'),
      order('f7', { discount: { isDiscount: true, discountCode: 'SAVE10', discountType: 10.5 } }),
    ],
  ],
  ['a 2017 timestamp', () => [anonOrder('f8'), order('f8', { timestamp: Date.UTC(2017, 0, 1) })]],
  [
    'a placed order rewritten',
    () => [
      anonOrder('placed-0'),
      { ...order('placed-0', { totalPrice: 0 }), number: 'TL-7F3K2Q', status: 'placed' },
    ],
  ],
  ['a placed order total patched', () => [`${anonOrder('placed-0')}/totalPrice`, 0]],
  [
    'a 1 MiB order',
    () => [
      anonOrder('f9'),
      order('f9', { personalInformation: { name: 'x'.repeat(1024 * 1024 - 2048) } }),
    ],
  ],
  ['an account order with totalPrice 0', () => [acctOrder('f10'), order('f10', { totalPrice: 0 })]],
  [
    'a correct-looking order with number and status',
    () => [anonOrder('f11'), { ...order('f11'), number: 'TL-AAAAAA', status: 'placed' }],
  ],
];

describe('forged orders sent straight to the database with the shopper token', () => {
  test.each(forgeries)('%s: refused, nothing stored', async (_name, make) => {
    const [path, body] = make();
    const token = path.includes('/validated/') ? account : session;
    const before = await db.dump();
    const reply = await db.put(`${path}.json`, body, { token });
    expect([401, 413]).toContain(reply.status);
    if (reply.status === 401) expect(reply.json).toEqual({ error: 'Permission denied' });
    expect(await db.dump()).toBe(before);
  });

  test('nor by POST or multi-location PATCH', async () => {
    const before = await db.dump();
    expect(
      (
        await db.post('/users/anonymousTokens/shopper-session/anonymousOrders.json', order('x'), {
          token: session,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await db.patch(
          '/users/anonymousTokens/shopper-session.json',
          { 'anonymousOrders/f12': order('f12'), 'anonymousCart/totalQuantity': 1 },
          { token: session },
        )
      ).status,
    ).toBe(401);
    expect(await db.dump()).toBe(before);
  });

  test('the shopper still reads the placed order', async () => {
    const reply = await db.get(`${anonOrder('placed-0')}.json`, { token: session });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ number: 'TL-7F3K2Q', status: 'placed' });
  });
});
