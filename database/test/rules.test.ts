import { ADMIN, client, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;

const alice = makeEmulatorStyleToken({ uid: 'alice-session' });
const bob = makeEmulatorStyleToken({ uid: 'bob-session' });
const aliceAcct = makeEmulatorStyleToken({
  uid: 'alice-acct',
  provider: 'password',
  claims: { email: 'alice@example.com' },
});
const bobAcct = makeEmulatorStyleToken({
  uid: 'bob-acct',
  provider: 'password',
  claims: { email: 'bob@example.com' },
});

const anon = (uid: string) => `/users/anonymousTokens/${uid}`;
const acct = (uid: string) => `/users/validated/${uid}`;

let product: {
  id: string;
  name: string;
  originalPrice: number;
  discountedPrice: number;
  imageUrl: string;
  alt: string;
  annotation: string;
};

const cart = () => ({
  products: { [product.id]: { id: product.id, quantity: 2 } },
  totalQuantity: 2,
  totalPrice: product.discountedPrice * 2,
  discount: { isDiscount: true, discountType: 10, discountCode: 'SAVE10' },
});

const order = (
  key: string,
  overrides: Record<string, unknown> = {},
  line: Record<string, unknown> = {},
) => ({
  id: key,
  timestamp: { '.sv': 'timestamp' },
  products: [
    {
      id: product.id,
      quantity: 1,
      size: 'M',
      name: product.name,
      imageUrl: product.imageUrl,
      alt: product.alt,
      annotation: product.annotation,
      originalPrice: product.originalPrice,
      discountedPrice: product.discountedPrice,
      ...line,
    },
  ],
  discount: { isDiscount: false, discountType: '', discountCode: '' },
  totalPrice: product.discountedPrice + 5,
  totalQuantity: 1,
  shipment: 5,
  paymentMethod: 'card',
  personalInformation: {
    address: '1 Main Street',
    city: 'Springfield',
    country: 'US',
    email: 'alice@example.com',
    name: 'Alice',
    tel: '+12 345 6789',
    zipCode: '12345',
  },
  ...overrides,
});

const personal = {
  address: '1 Main Street',
  city: 'Springfield',
  country: 'US',
  email: 'alice@example.com',
  name: 'Alice',
  tel: '+12 345 6789',
  zipCode: '12345',
};

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
  const products = (await db.get('/catalog/products.json')).json as Record<string, typeof product>;
  product = Object.values(products).find(
    (p) => p.discountedPrice < p.originalPrice,
  ) as typeof product;
  // Bob's records exist so that reads of them are meaningful.
  await db.put(
    `${anon('bob-session')}.json`,
    {
      isSignedIn: { status: true },
      credentials: { email: 'bob@example.com', userAccountUid: 'bob-acct' },
      anonymousCart: { totalQuantity: 0 },
    },
    { token: ADMIN },
  );
  await db.put(
    `${acct('bob-acct')}.json`,
    {
      credentials: { email: 'bob@example.com' },
      personalInformation: personal,
      userCart: { totalQuantity: 0 },
      userOrders: { o1: { ...order('o1'), timestamp: Date.now() } },
    },
    { token: ADMIN },
  );
  await db.put(
    `${anon('bob-session')}/anonymousOrders/o1.json`,
    { ...order('o1'), timestamp: Date.now() },
    { token: ADMIN },
  );
});
afterAll(() => t.stop());

describe('own records', () => {
  test('a session writes and reads its own anonymous record', async () => {
    const base = anon('alice-session');
    expect(
      (
        await db.put(
          `${base}/anonymousCart.json`,
          { products: [], totalQuantity: 0 },
          { token: alice },
        )
      ).status,
    ).toBe(200);
    expect((await db.put(`${base}/anonymousCart.json`, cart(), { token: alice })).status).toBe(200);
    expect(
      (await db.put(`${base}/isSignedIn.json`, { status: false }, { token: alice })).status,
    ).toBe(200);
    expect(
      (
        await db.put(
          `${base}/credentials.json`,
          { email: 'a@example.com', userAccountUid: 'alice-acct' },
          { token: alice },
        )
      ).status,
    ).toBe(200);
    const r = await db.get(`${base}.json`, { token: alice });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      isSignedIn: { status: false },
      anonymousCart: { totalQuantity: 2 },
    });
  });

  test('an account writes and reads its own validated record', async () => {
    const base = acct('alice-acct');
    expect(
      (
        await db.put(
          `${base}/credentials.json`,
          { email: 'alice@example.com' },
          { token: aliceAcct },
        )
      ).status,
    ).toBe(200);
    expect(
      (await db.put(`${base}/personalInformation.json`, personal, { token: aliceAcct })).status,
    ).toBe(200);
    expect(
      (
        await db.patch(
          `${base}/personalInformation.json`,
          { city: 'Shelbyville' },
          { token: aliceAcct },
        )
      ).status,
    ).toBe(200);
    expect((await db.put(`${base}/userCart.json`, cart(), { token: aliceAcct })).status).toBe(200);
    const r = await db.get(`${base}.json`, { token: aliceAcct });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      personalInformation: { city: 'Shelbyville' },
      credentials: { email: 'alice@example.com' },
    });
  });

  test('a multi-location PATCH over own locations is allowed', async () => {
    const r = await db.patch(
      `${anon('alice-session')}.json`,
      {
        'isSignedIn/status': true,
        'anonymousCart/totalQuantity': 2,
      },
      { token: alice },
    );
    expect(r.status).toBe(200);
  });

  test('orders are written by the order function only: the owner reads them, never writes', async () => {
    // The function writes with the admin credential (decision 1401); rules do not apply to it.
    const path = `${acct('alice-acct')}/userOrders/placed-1.json`;
    const placed = {
      ...order('placed-1'),
      timestamp: Date.now(),
      number: 'TL-7F3K2Q',
      status: 'placed',
    };
    expect((await db.put(path, placed, { token: ADMIN })).status).toBe(200);
    expect((await db.get(path, { token: aliceAcct })).json).toMatchObject({ number: 'TL-7F3K2Q' });
    expect((await db.get(path, { token: bobAcct })).status).toBe(401);
    expect((await db.put(path, placed, { token: aliceAcct })).status).toBe(401);
    expect((await db.del(path, { token: aliceAcct })).status).toBe(401);
    expect((await db.put(path, null, { token: aliceAcct })).status).toBe(401);
    expect(
      (
        await db.patch(
          `${acct('alice-acct')}/userOrders.json`,
          { 'placed-1': null },
          { token: aliceAcct },
        )
      ).status,
    ).toBe(401);
    expect((await db.get(path, { token: aliceAcct })).json).toEqual(placed);
  });

  test('an anonymous order may be POSTed under a push id only if its id matches (so PUT under a key)', async () => {
    const r = await db.post(`${anon('alice-session')}/anonymousOrders.json`, order('whatever'), {
      token: alice,
    });
    expect(r.status).toBe(401);
  });
});

describe("another uid's records are denied with 401", () => {
  const cases: Array<[string, string]> = [
    ['anonymous cart', `${anon('bob-session')}/anonymousCart`],
    ['anonymous orders', `${anon('bob-session')}/anonymousOrders`],
    ['anonymous order', `${anon('bob-session')}/anonymousOrders/o1`],
    ['anonymous credentials', `${anon('bob-session')}/credentials`],
    ['anonymous record', anon('bob-session')],
    ['account cart', `${acct('bob-acct')}/userCart`],
    ['account orders', `${acct('bob-acct')}/userOrders`],
    ['account personal information', `${acct('bob-acct')}/personalInformation`],
    ['account credentials', `${acct('bob-acct')}/credentials`],
    ['account record', acct('bob-acct')],
  ];
  test.each(cases)('read of %s', async (_n, path) => {
    for (const token of [alice, aliceAcct]) {
      const r = await db.get(`${path}.json`, { token });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Permission denied' });
    }
  });

  test.each(cases)('write of %s', async (_n, path) => {
    const before = await db.dump();
    const values: Record<string, unknown> = {
      anonymousCart: { totalQuantity: 0 },
      userCart: { totalQuantity: 0 },
      credentials: { email: 'evil@example.com' },
      personalInformation: personal,
    };
    const last = path.split('/').pop() as string;
    const value = values[last] ?? { totalQuantity: 0 };
    for (const token of [alice, aliceAcct]) {
      expect((await db.put(`${path}.json`, value, { token })).status).toBe(401);
      expect((await db.del(`${path}.json`, { token })).status).toBe(401);
    }
    expect(await db.dump()).toBe(before);
  });

  test('the owner reads those same records (so the 401s above are the rules, not missing data)', async () => {
    for (const [, path] of cases) {
      const token = path.startsWith(anon('bob-session')) ? bob : bobAcct;
      const r = await db.get(`${path}.json`, { token });
      expect(r.status).toBe(200);
      expect(r.json).not.toBeNull();
    }
  });

  test('a multi-location PATCH touching someone else is denied as a whole', async () => {
    const before = await db.dump();
    const r = await db.patch(
      '/users/anonymousTokens.json',
      {
        'alice-session/anonymousCart/totalQuantity': 0,
        'bob-session/anonymousCart/totalQuantity': 0,
      },
      { token: alice },
    );
    expect(r.status).toBe(401);
    expect(await db.dump()).toBe(before);
  });

  test('listing all users is denied, even signed in', async () => {
    for (const token of [alice, aliceAcct, undefined]) {
      expect((await db.get('/users/validated.json', token ? { token } : {})).status).toBe(401);
      expect((await db.get('/users.json', token ? { token } : {})).status).toBe(401);
      expect((await db.get('/.json', token ? { token } : {})).status).toBe(401);
    }
  });
});

describe('no token', () => {
  test('reads and writes of user records are denied', async () => {
    expect((await db.get(`${anon('alice-session')}.json`)).status).toBe(401);
    expect((await db.get(`${acct('alice-acct')}/personalInformation.json`)).status).toBe(401);
    expect(
      (await db.put(`${anon('nobody')}/anonymousCart.json`, { totalQuantity: 0 })).status,
    ).toBe(401);
    expect((await db.post('/anything.json', { a: 1 })).status).toBe(401);
  });
});

describe('catalog and discounts', () => {
  test('catalog is readable by anyone', async () => {
    expect((await db.get('/catalog/products.json')).status).toBe(200);
    expect((await db.get('/catalog/collections/fall.json')).status).toBe(200);
    expect((await db.get(`/catalog/products/${product.id}.json`, { token: alice })).status).toBe(
      200,
    );
  });

  test('catalog is writable by nobody from a browser', async () => {
    const before = await db.dump();
    for (const token of [alice, aliceAcct, undefined]) {
      const o = token ? { token } : {};
      expect(
        (await db.put(`/catalog/products/${product.id}/discountedPrice.json`, 0.01, o)).status,
      ).toBe(401);
      expect(
        (await db.patch('/catalog/products.json', { [`${product.id}/name`]: 'x' }, o)).status,
      ).toBe(401);
      expect((await db.post('/catalog/products.json', { name: 'x' }, o)).status).toBe(401);
      expect((await db.del('/catalog.json', o)).status).toBe(401);
      expect(
        (await db.put('/discounts/FREE100.json', { code: 'FREE100', discountType: 99 }, o)).status,
      ).toBe(401);
    }
    expect(await db.dump()).toBe(before);
  });

  test('a discount code is readable by exact path; the list is not', async () => {
    const r = await db.get('/discounts/SAVE10.json');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ code: 'SAVE10', discountType: 10, description: expect.any(String) });
    expect((await db.get('/discounts/NOPE.json')).json).toBeNull();
    expect((await db.get('/discounts.json')).status).toBe(401);
    expect((await db.get('/discounts.json?shallow=true', { token: alice })).status).toBe(401);
    expect((await db.get('/discounts.json?orderBy="$key"&limitToFirst=1')).status).toBe(401);
  });
});

describe('validation', () => {
  const cartPath = `${anon('alice-session')}/anonymousCart.json`;
  const bad = async (
    path: string,
    value: unknown,
    token = alice,
    method: 'put' | 'patch' = 'put',
  ) => {
    const before = await db.dump();
    const r = await db[method](path, value, { token });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: 'Permission denied' });
    expect(await db.dump()).toBe(before);
  };

  test.each([
    [
      'anonymous credentials',
      `${anon('alice-session')}/credentials.json`,
      { email: 'a@example.com', password: 'hunter22' },
      alice,
    ],
    [
      'anonymous credentials leaf',
      `${anon('alice-session')}/credentials/password.json`,
      'hunter22',
      alice,
    ],
    ['anonymous record', `${anon('alice-session')}/password.json`, 'hunter22', alice],
    [
      'validated credentials',
      `${acct('alice-acct')}/credentials.json`,
      { email: 'a@example.com', password: 'hunter22' },
      aliceAcct,
    ],
    ['validated record', `${acct('alice-acct')}/password.json`, 'hunter22', aliceAcct],
    [
      'personal information',
      `${acct('alice-acct')}/personalInformation/password.json`,
      'hunter22',
      aliceAcct,
    ],
    ['cart', `${acct('alice-acct')}/userCart/password.json`, 'x', aliceAcct],
    ['root', '/password.json', 'x', aliceAcct],
    ['users', '/users/password.json', 'x', aliceAcct],
  ])('a password field is rejected (%s)', async (_n, path, value, token) => {
    await bad(path, value, token);
  });

  test('a password inside an order is rejected', async () => {
    await bad(
      `${acct('alice-acct')}/userOrders/pw.json`,
      order('pw', { password: 'x' }),
      aliceAcct,
    );
    await bad(
      `${acct('alice-acct')}/userOrders/pw.json`,
      order('pw', {}, { password: 'x' }),
      aliceAcct,
    );
  });

  test('a password via multi-location PATCH is rejected', async () => {
    await bad(
      `${anon('alice-session')}.json`,
      { 'credentials/password': 'x', 'isSignedIn/status': true },
      alice,
      'patch',
    );
  });

  test.each([
    ['lower discounted price', { discountedPrice: 0.01 }],
    ['higher original price', { originalPrice: 9999 }],
    ['string price', { discountedPrice: 'free' }],
    ['unknown product', { id: 'no-such-product' }],
    ['quantity 0', { quantity: 0 }],
    ['quantity 11', { quantity: 11 }],
  ])('an order with a wrong line is rejected (%s)', async (_n, line) => {
    await bad(`${acct('alice-acct')}/userOrders/bad-1.json`, order('bad-1', {}, line), aliceAcct);
  });

  test('an order whose id is not its key, or without totals, is rejected', async () => {
    await bad(`${acct('alice-acct')}/userOrders/k9.json`, order('other'), aliceAcct);
    await bad(
      `${acct('alice-acct')}/userOrders/k9.json`,
      order('k9', { totalPrice: null }),
      aliceAcct,
    );
    await bad(
      `${acct('alice-acct')}/userOrders/k9.json`,
      order('k9', { timestamp: Date.now() + 3_600_000 }),
      aliceAcct,
    );
    await bad(`${acct('alice-acct')}/userOrders/k9.json`, order('k9', { extra: 1 }), aliceAcct);
  });

  test.each([
    ['11', 11],
    ['-1', -1],
    ['1.5', 1.5],
    ['a string', '3'],
    ['a boolean', true],
  ])('a cart quantity of %s is rejected', async (_n, quantity) => {
    await bad(cartPath, {
      products: { [product.id]: { id: product.id, quantity } },
      totalQuantity: 1,
    });
  });

  test('cart quantities 0 and 10 are accepted; size line keys are {id}_{size}', async () => {
    for (const quantity of [0, 10]) {
      const r = await db.put(
        cartPath,
        { products: { [product.id]: { id: product.id, quantity } }, totalQuantity: quantity },
        { token: alice },
      );
      expect(r.status).toBe(200);
    }
    const key = `${product.id}_M`;
    const r = await db.put(
      cartPath,
      { products: { [key]: { id: product.id, quantity: 1, size: 'M' } }, totalQuantity: 1 },
      { token: alice },
    );
    expect(r.status).toBe(200);
  });

  test('colour line keys are {id}~{colour key} and {id}_{size}~{colour key}, the key the browser computes (colourKey)', async () => {
    // Colours the product comes in (a line's colour is one of its product's, decision 1404).
    const colours = (await db.get(`/catalog/products/${product.id}/colours.json`)).json;
    await db.put(
      `/catalog/products/${product.id}/colours.json`,
      ['Grey/Red', 'Off white', 'Moss'],
      { token: ADMIN },
    );
    const lines = {
      [`${product.id}_M~grey-red`]: { id: product.id, quantity: 1, size: 'M', colour: 'Grey/Red' },
      [`${product.id}_M~off-white`]: {
        id: product.id,
        quantity: 2,
        size: 'M',
        colour: 'Off white',
      },
      [`${product.id}~moss`]: { id: product.id, quantity: 1, colour: 'Moss' },
    };
    const r = await db.put(cartPath, { products: lines, totalQuantity: 4 }, { token: alice });
    await db.put(`/catalog/products/${product.id}/colours.json`, colours, { token: ADMIN });
    expect(r.status).toBe(200);
  });

  test.each([
    ['a colour line under a key without the colour', `_M`, { size: 'M', colour: 'Moss' }],
    ['a colour line under another colour', `_M~navy`, { size: 'M', colour: 'Moss' }],
    ['a line with the colour in its key but none in it', `~moss`, {}],
    ['an empty colour', `~`, { colour: '' }],
    ['a colour that is not a string', `~1`, { colour: 1 }],
  ])('a cart with %s is rejected', async (_n, suffix, fields) => {
    await bad(cartPath, {
      products: { [`${product.id}${suffix}`]: { id: product.id, quantity: 1, ...fields } },
      totalQuantity: 1,
    });
  });

  test.each([
    [
      'an unknown product id',
      { products: { ghost: { id: 'ghost', quantity: 1 } }, totalQuantity: 1 },
    ],
    [
      'a line key that is not the id',
      () => ({ products: { other: { id: product.id, quantity: 1 } }, totalQuantity: 1 }),
    ],
    ['no totalQuantity', () => ({ products: { [product.id]: { id: product.id, quantity: 1 } } })],
    ['an unknown field', { totalQuantity: 0, coupon: 'x' }],
    ['a negative total', { totalQuantity: 0, totalPrice: -1 }],
    [
      'a bad discount',
      { totalQuantity: 0, discount: { isDiscount: 'yes', discountType: 10, discountCode: 'X' } },
    ],
  ])('a cart with %s is rejected', async (_n, value) => {
    await bad(cartPath, typeof value === 'function' ? value() : value);
  });

  test('isSignedIn and personal information have closed, typed shapes', async () => {
    await bad(`${anon('alice-session')}/isSignedIn.json`, { status: 'yes' });
    await bad(`${anon('alice-session')}/isSignedIn.json`, { status: true, admin: true });
    await bad(
      `${acct('alice-acct')}/personalInformation.json`,
      { ...personal, zipCode: 12345 },
      aliceAcct,
    );
    await bad(
      `${acct('alice-acct')}/personalInformation.json`,
      { ...personal, ssn: '1' },
      aliceAcct,
    );
    await bad(`${acct('alice-acct')}/unknownBranch.json`, { a: 1 }, aliceAcct);
  });
});

describe('what a basket may hold (decision 1404)', () => {
  const cartPath = `${anon('alice-session')}/anonymousCart.json`;
  const stockedId = 'rules-test-stocked';
  const stocked = {
    name: 'Stocked test product',
    originalPrice: 20,
    sizes: ['S', 'M'],
    stock: { S: 0, M: 3 },
  };
  const put = (value: unknown, token = alice) => db.put(cartPath, value, { token });
  const line = (id: string, size?: string) => ({
    products: {
      [size === undefined ? id : `${id}_${size}`]: {
        id,
        quantity: 1,
        ...(size === undefined ? {} : { size }),
      },
    },
    totalQuantity: 1,
  });

  beforeAll(async () => {
    await db.put(`/catalog/products/${stockedId}.json`, stocked, { token: ADMIN });
  });

  test('a size the product lists in its stock is accepted, sold out or not', async () => {
    expect((await put(line(stockedId, 'M'))).status).toBe(200);
    expect((await put(line(stockedId, 'S'))).status).toBe(200);
  });

  test.each([
    ['a size the product does not have', 'XXL'],
    ['a size with characters no size has', 'M-x'],
    ['an empty size', ''],
  ])('%s is refused', async (_name, size) => {
    const r = await put(line(stockedId, size));
    expect(r.status).toBe(401);
  });

  test('a product without a stock list (not tracked) takes any well-formed size', async () => {
    expect((await put(line(product.id, 'M'))).status).toBe(200);
  });

  test('a product id that is no path segment is refused, not an error', async () => {
    const r = await put({
      products: { 'a.b_M': { id: 'a.b', quantity: 1, size: 'M' } },
      totalQuantity: 1,
    });
    expect([400, 401]).toContain(r.status);
    expect((await db.get(cartPath, { token: alice })).json).not.toMatchObject({
      products: { 'a.b_M': {} },
    });
  });

  test.each([
    ['a code that does not exist', { isDiscount: true, discountType: 10, discountCode: 'NOPE' }],
    [
      'a real code with another percentage',
      { isDiscount: true, discountType: 50, discountCode: 'SAVE10' },
    ],
    [
      'free shipping under a percentage code',
      { isDiscount: true, discountType: 'SHIPMENT', discountCode: 'SAVE10' },
    ],
    [
      'a code with path characters',
      { isDiscount: true, discountType: 10, discountCode: 'SAVE10/x' },
    ],
    ['no discount but a code', { isDiscount: false, discountType: '', discountCode: 'SAVE10' }],
  ])('a discount with %s is refused', async (_name, discount) => {
    const before = (await db.get(cartPath, { token: ADMIN })).json;
    const r = await put({ totalQuantity: 0, discount });
    expect(r.status).toBe(401);
    expect((await db.get(cartPath, { token: ADMIN })).json).toEqual(before);
  });

  test.each([
    ['SAVE10', 10],
    ['FREESHIP', 'SHIPMENT'],
  ])('the stored code %s with its own type is accepted', async (code, type) => {
    const r = await put({
      totalQuantity: 0,
      discount: { isDiscount: true, discountType: type, discountCode: code },
    });
    expect(r.status).toBe(200);
  });

  test('no discount is accepted', async () => {
    const r = await put({
      totalQuantity: 0,
      discount: { isDiscount: false, discountType: '', discountCode: '' },
    });
    expect(r.status).toBe(200);
  });

  // A fixed-amount code (decision 5101): the basket copies its amounts, which must be the code's.
  const tenOff = (amounts?: Record<string, unknown>) => ({
    isDiscount: true,
    discountType: 'AMOUNT',
    discountCode: 'TENOFF',
    ...(amounts ? { amounts } : {}),
  });

  test.each([
    ['with its amounts', tenOff({ USD: 10, EUR: 10, GBP: 8 })],
    ['with one currency of them', tenOff({ EUR: 10 })],
    ['without amounts', tenOff()],
  ])('the fixed-amount code TENOFF %s is accepted', async (_name, discount) => {
    expect((await put({ totalQuantity: 0, discount })).status).toBe(200);
    expect((await db.get(cartPath, { token: ADMIN })).json).toMatchObject({ discount });
  });

  test.each([
    ['an amount that is not the code’s', tenOff({ EUR: 50 })],
    ['a currency the code has no amount in', tenOff({ JPY: 1000 })],
    ['an amount that is not a number', tenOff({ EUR: '10' })],
    ['AMOUNT under a percentage code', { ...tenOff(), discountCode: 'SAVE10' }],
    [
      'amounts under a percentage code',
      { ...tenOff({ EUR: 10 }), discountType: 10, discountCode: 'SAVE10' },
    ],
    ['a percentage under the fixed-amount code', { ...tenOff(), discountType: 10 }],
  ])('a fixed-amount discount with %s is refused', async (_name, discount) => {
    const before = (await db.get(cartPath, { token: ADMIN })).json;
    expect((await put({ totalQuantity: 0, discount })).status).toBe(401);
    expect((await db.get(cartPath, { token: ADMIN })).json).toEqual(before);
  });

  test('a total beyond any real basket is refused', async () => {
    expect((await put({ totalQuantity: 0, totalPrice: 100001 })).status).toBe(401);
    expect((await put({ totalQuantity: 0, totalPrice: 100000 })).status).toBe(200);
  });
});

describe('users/validated is for email/password accounts only (decision 1404)', () => {
  // An anonymous session whose uid happens to be the path's uid (a session that names itself).
  const anonymousNamedLikeAccount = makeEmulatorStyleToken({ uid: 'carol-acct' });
  const carolAcct = makeEmulatorStyleToken({ uid: 'carol-acct', provider: 'password' });
  const base = acct('carol-acct');

  test.each([
    ['credentials', { email: 'carol@example.com' }],
    ['personalInformation', personal],
    ['userCart', { totalQuantity: 0 }],
  ])('an anonymous session cannot write %s', async (branch, value) => {
    const r = await db.put(`${base}/${branch}.json`, value, { token: anonymousNamedLikeAccount });
    expect(r.status).toBe(401);
    expect((await db.get(`${base}/${branch}.json`, { token: ADMIN })).json).toBeNull();
  });

  test('nor read the record', async () => {
    await db.put(`${base}/credentials.json`, { email: 'carol@example.com' }, { token: carolAcct });
    expect((await db.get(`${base}.json`, { token: anonymousNamedLikeAccount })).status).toBe(401);
    expect((await db.get(`${base}.json`, { token: carolAcct })).status).toBe(200);
  });
});

describe("the order-number index, the limits, the order claims, the first-order marks, the guest-order index and claims, the staff's order index, the low-stock index and the card payments' holds, references and events are the function's only (decisions 1405, 3901, 4401, 5204, 5207, 5301)", () => {
  const entry = { path: `${anon('bob-session')}/anonymousOrders/o1`, email: 'bob@example.com' };
  const CHILD: Record<string, string> = {
    orderNumbers: '/orderNumbers/TL-7F3K2Q',
    rateLimits: '/rateLimits/lookupsPerClient/1764000000000/abc',
    orderClaims: '/orderClaims/bob-session/-Nabcdefghij0123456_',
    firstOrders: '/firstOrders/emails/abc',
    guestOrdersByEmail: '/guestOrdersByEmail/abc/-Nabcdefghij0123456_',
    guestOrderClaims: '/guestOrderClaims/-Nabcdefghij0123456_',
    staffOrders: '/staffOrders/-Nabcdefghij0123456_',
    lowStock: '/lowStock/retro-runner__46',
    paymentHolds: '/paymentHolds/bob-session',
    paymentRefs: '/paymentRefs/pay_abc',
    paymentEvents: '/paymentEvents/evt_abc',
  };

  beforeAll(async () => {
    await db.put('/orderNumbers/TL-7F3K2Q.json', entry, { token: ADMIN });
    await db.put(`${CHILD.rateLimits}.json`, 10, { token: ADMIN });
    await db.put(`${CHILD.orderClaims}.json`, { at: Date.now(), by: 'x' }, { token: ADMIN });
    await db.put(`${CHILD.firstOrders}.json`, '-Nabcdefghij0123456_', { token: ADMIN });
    const guestEntry = { session: 'bob-session', placedAt: 1 };
    await db.put(`${CHILD.guestOrdersByEmail}.json`, guestEntry, { token: ADMIN });
    await db.put(`${CHILD.guestOrderClaims}.json`, { uid: 'alice-acct', at: 1 }, { token: ADMIN });
    const staffEntry = { number: 'TL-7F3K2Q', placedAt: 1, status: 'placed', email: 'b@x.y' };
    await db.put(`${CHILD.staffOrders}.json`, staffEntry, { token: ADMIN });
    const lowEntry = { productId: 'retro-runner', size: '46', left: 0 };
    await db.put(`${CHILD.lowStock}.json`, lowEntry, { token: ADMIN });
    const hold = { key: '-Nabcdefghij0123456_', uid: 'bob-session', state: 'open', holdUntil: 1 };
    await db.put(`${CHILD.paymentHolds}.json`, hold, { token: ADMIN });
    const reference = { uid: 'bob-session', key: '-Nabcdefghij0123456_' };
    await db.put(`${CHILD.paymentRefs}.json`, reference, { token: ADMIN });
    await db.put(`${CHILD.paymentEvents}.json`, { at: 1, type: 'authorised' }, { token: ADMIN });
  });

  test.each(Object.keys(CHILD))('no browser reads, lists, writes or deletes %s', async (branch) => {
    const before = await db.dump();
    const child = CHILD[branch] as string;
    for (const token of [alice, aliceAcct, bob, undefined]) {
      const o = token ? { token } : {};
      expect((await db.get(`/${branch}.json`, o)).status).toBe(401);
      expect((await db.get(`${child}.json`, o)).status).toBe(401);
      expect((await db.put(`${child}.json`, { email: 'x@example.com' }, o)).status).toBe(401);
      expect((await db.put(`/${branch}/TL-2222222.json`, { count: 0 }, o)).status).toBe(401);
      expect((await db.patch(`/${branch}.json`, { 'a/b': 1 }, o)).status).toBe(401);
      expect((await db.del(`${child}.json`, o)).status).toBe(401);
    }
    expect(await db.dump()).toBe(before);
    expect((await db.get(`${child}.json`, { token: ADMIN })).json).not.toBeNull();
  });
});
