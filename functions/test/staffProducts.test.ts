// The back office's catalog functions (decision 5208) over real HTTP, against the real database
// server and rules: staff list products by id (on sale or not) and read one with its version; a
// merchandiser changes a price, a discount, stock and whether it is on sale, through a
// compare-and-set that never overwrites a change it did not see (another edit, or an order that
// took stock). Every other caller and every bad change is refused, and nothing is written.
import { parseProductRecord } from '@shop/shared/catalog/productRecord';
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import {
  PRODUCT_HISTORY_SHOWN,
  type StaffProductAnswer,
  type StaffProductsAnswer,
} from '@shop/shared/staff/productChanges';
import { STAFF_PATHS, type StaffRecord } from '@shop/shared/staff/staffVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import type { PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { createStaffProduct, createStaffProducts, createUpdateProduct } from '../src/staffProducts';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
let database: ReturnType<typeof restDatabase>;
let listUrl: string;
let readUrl: string;
let updateUrl: string;
const closers: (() => Promise<void>)[] = [];
const admin = adminOf(() => server.url);
const logs: string[] = [];

const token = (uid: string, claims: Record<string, unknown> = {}, provider = 'password') =>
  makeEmulatorStyleToken({
    uid,
    provider,
    claims: { email: `${uid}@shop.example`, email_verified: true, ...claims },
  });
const MERCHANDISER = token('merch-1');
const FULFILMENT = token('fulfil-1');
const SHOPPER = token('shopper-1');
const FORGED = token('forger-1', { staff: ['admin'] });
const ANONYMOUS = makeEmulatorStyleToken({ uid: 'guest-1' });
const EXPIRED = makeEmulatorStyleToken({ uid: 'merch-1', provider: 'password', expiresIn: -60 });

const BOOT = {
  name: 'Chelsea boot',
  originalPrice: 180,
  discountedPrice: 150,
  sizes: ['41', '42'],
  stock: { '41': 3, '42': 10 },
  category: 'men',
};
/** 30 products a-00 … a-29 beside the boot, so a list has pages. */
const FILLER = Object.fromEntries(
  Array.from({ length: 30 }, (_, i) => [
    `a-${String(i).padStart(2, '0')}`,
    { name: `Item ${i}`, originalPrice: 10 + i },
  ]),
);

async function hire(uid: string, roles: StaffRecord['roles']) {
  await admin('PUT', STAFF_PATHS.member(uid), { email: `${uid}@shop.example`, roles });
}

async function call(url: string, who: string | null, init: { params?: string; body?: unknown }) {
  const response = await fetch(`${url}${init.params ?? ''}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(who ? { Authorization: `Bearer ${who}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const read = async (id: string) =>
  (await call(readUrl, MERCHANDISER, { params: `?id=${id}` }))
    .body as unknown as StaffProductAnswer;
const update = (who: string | null, body: unknown) => call(updateUrl, who, { body });
const stored = (id: string) => admin('GET', `catalog/products/${id}`);

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const deps = { trust: localTrust('demo-shop'), database, log: (m: string) => logs.push(m) };
  const serve = async (handler: Parameters<typeof serveOverHttp>[0]) => {
    const served = await serveOverHttp(handler);
    closers.push(served.close);
    return served.url;
  };
  listUrl = await serve(createStaffProducts(deps));
  readUrl = await serve(createStaffProduct(deps));
  updateUrl = await serve(createUpdateProduct(deps));
});

beforeEach(async () => {
  await admin('PUT', 'catalog/products', { 'chelsea-boot': BOOT, ...FILLER });
  await admin('DELETE', 'productAudit');
  await hire('merch-1', { merchandiser: true });
  await hire('fulfil-1', { fulfilment: true });
  await hire('shopper-1', {});
  logs.length = 0;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await test.stop();
});

describe('staff list and read products', () => {
  it("by id, 25 a page, with the next page's first id", async () => {
    const first = (await call(listUrl, FULFILMENT, {})).body as unknown as StaffProductsAnswer;
    expect(first.products.map((p) => p.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => `a-${String(i).padStart(2, '0')}`),
    );
    expect(first.next).toBe('a-25');
    const second = (await call(listUrl, FULFILMENT, { params: `?after=${first.next}` }))
      .body as unknown as StaffProductsAnswer;
    expect(second.products.map((p) => p.id)).toEqual([
      'a-25',
      'a-26',
      'a-27',
      'a-28',
      'a-29',
      'chelsea-boot',
    ]);
    expect(second.next).toBeUndefined();
  });

  it('finds ids by their start, and shows what staff edit', async () => {
    const answer = (await call(listUrl, MERCHANDISER, { params: '?q=chelsea' }))
      .body as unknown as StaffProductsAnswer;
    expect(answer).toEqual({
      products: [
        {
          id: 'chelsea-boot',
          name: 'Chelsea boot',
          originalPrice: 180,
          discountedPrice: 150,
          sizes: ['41', '42'],
          stock: { '41': 3, '42': 10 },
          published: true,
        },
      ],
    });
  });

  it('reads one with its version; an unknown id is 404; a bad one 400', async () => {
    const answer = await read('chelsea-boot');
    expect(answer.product.name).toBe('Chelsea boot');
    expect(answer.version).toMatch(/\S/);
    expect(await call(readUrl, MERCHANDISER, { params: '?id=nope' })).toMatchObject({
      status: 404,
      body: { error: 'not-found' },
    });
    expect((await call(readUrl, MERCHANDISER, { params: '?id=../x' })).status).toBe(400);
    expect((await call(listUrl, MERCHANDISER, { params: '?q=a&after=b' })).status).toBe(400);
    expect((await call(listUrl, MERCHANDISER, { params: '?page=2' })).status).toBe(400);
  });

  it.each([
    ['no token', null, 401],
    ['a shopper', SHOPPER, 403],
    ['an anonymous session', ANONYMOUS, 403],
    ['forged staff claims without a record', FORGED, 403],
    ["a merchandiser's expired token", EXPIRED, 401],
  ])('refuses %s', async (_who, who, status) => {
    expect((await call(listUrl, who, {})).status).toBe(status);
    expect((await call(readUrl, who, { params: '?id=chelsea-boot' })).status).toBe(status);
  });
});

describe('a merchandiser changes a product', () => {
  it('price and discount: the shop reads the new price; the version moves on', async () => {
    const { version } = await read('chelsea-boot');
    const answer = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version,
      changes: { originalPrice: 199.99, discountedPrice: 159.5 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.version).not.toBe(version);
    const read2 = parseProductRecord('chelsea-boot', await stored('chelsea-boot'));
    expect(read2).toMatchObject({
      status: 'ok',
      product: { originalPrice: 199.99, discountedPrice: 159.5 },
    });
    // No discount any more: sold at the price.
    const next = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: answer.body.version,
      changes: { discountedPrice: null },
    });
    expect(next.status).toBe(200);
    expect(await stored('chelsea-boot')).not.toHaveProperty('discountedPrice');
    expect(logs).toEqual([]);
  });

  it('each saved change is recorded: who, when, each value from → to; the newest first', async () => {
    const fresh = await read('chelsea-boot');
    expect(fresh.history).toEqual([]);
    const before = Date.now();
    const first = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: fresh.version,
      changes: { originalPrice: 190, stock: { '41': 3, '42': 7 } },
    });
    const second = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: first.body.version,
      changes: { discountedPrice: null, published: false },
    });
    // Values sent as they were: saved, nothing moved, nothing recorded.
    const same = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: second.body.version,
      changes: { originalPrice: 190 },
    });
    expect(same.status).toBe(200);
    const { history } = same.body as unknown as StaffProductAnswer;
    expect(history).toEqual([
      {
        at: expect.any(Number),
        by: { email: 'merch-1@shop.example' },
        changes: [
          { field: 'discountedPrice', from: 150, to: null },
          { field: 'published', from: true, to: false },
        ],
      },
      {
        at: expect.any(Number),
        by: { email: 'merch-1@shop.example' },
        changes: [
          { field: 'originalPrice', from: 180, to: 190 },
          { field: 'stock', size: '42', from: 10, to: 7 },
        ],
      },
    ]);
    expect(history?.[1]?.at).toBeGreaterThanOrEqual(before);
    expect((await read('chelsea-boot')).history).toEqual(history);
    // Closed to browsers, staff or not: only the functions read and write it.
    const records = (await admin('GET', 'productAudit/chelsea-boot')) as Record<string, unknown>;
    expect(Object.values(records)[0]).toMatchObject({ by: { uid: 'merch-1' } });
    const asMember = await fetch(
      `${server.url}/productAudit/chelsea-boot.json?auth=${MERCHANDISER}`,
    );
    expect(asMember.status).toBe(401);
  });

  it('shows the latest changes only, however many there are', async () => {
    const records = Object.fromEntries(
      Array.from({ length: PRODUCT_HISTORY_SHOWN + 5 }, (_, i) => [
        `-key${String(i).padStart(3, '0')}`,
        { at: i, by: { email: 'm@shop.example' }, changes: [] },
      ]),
    );
    await admin('PUT', 'productAudit/chelsea-boot', records);
    const { history } = await read('chelsea-boot');
    expect(history?.map((entry) => entry.at)).toEqual(
      Array.from({ length: PRODUCT_HISTORY_SHOWN }, (_, i) => PRODUCT_HISTORY_SHOWN + 4 - i),
    );
  });

  it('stock per size: the sizes given change, the others keep theirs', async () => {
    const { version } = await read('chelsea-boot');
    const answer = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version,
      changes: { stock: { '41': 25 } },
    });
    expect(answer.status).toBe(200);
    expect(((await stored('chelsea-boot')) as { stock: unknown }).stock).toEqual({
      '41': 25,
      '42': 10,
    });
  });

  it("a count it sets joins or leaves the dashboard's low-stock list", async () => {
    const entry = STAFF_PATHS.lowStockEntry('chelsea-boot', '42');
    const low = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: (await read('chelsea-boot')).version,
      changes: { stock: { '42': 2 } },
    });
    expect(low.status).toBe(200);
    expect(await admin('GET', entry)).toEqual({ productId: 'chelsea-boot', size: '42', left: 2 });
    await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: (await read('chelsea-boot')).version,
      changes: { stock: { '42': 40 } },
    });
    expect(await admin('GET', entry)).toBeNull();
  });

  it('off sale: no shopper, basket or order sees it; back on sale: it is there again', async () => {
    const { version } = await read('chelsea-boot');
    const off = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version,
      changes: { published: false },
    });
    expect(off.status).toBe(200);
    expect(parseProductRecord('chelsea-boot', await stored('chelsea-boot'))).toEqual({
      status: 'missing',
    });
    // Staff still find it.
    expect((await read('chelsea-boot')).product.published).toBe(false);
    const on = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version: off.body.version,
      changes: { published: true },
    });
    expect(on.status).toBe(200);
    expect(await stored('chelsea-boot')).not.toHaveProperty('published');
    expect(parseProductRecord('chelsea-boot', await stored('chelsea-boot')).status).toBe('ok');
  });

  it('a version it did not see is refused, with the product as it is now; nothing is written', async () => {
    const { version } = await read('chelsea-boot');
    const other = await update(token('admin-1'), {});
    expect(other.status).toBe(403); // (no record yet)
    await hire('admin-1', { admin: true });
    const first = await update(token('admin-1'), {
      id: 'chelsea-boot',
      version,
      changes: { originalPrice: 170 },
    });
    expect(first.status).toBe(200);
    const late = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version,
      changes: { originalPrice: 210 },
    });
    expect(late).toMatchObject({
      status: 409,
      body: {
        error: 'changed',
        product: { originalPrice: 170 },
        version: first.body.version,
      },
    });
    expect(((await stored('chelsea-boot')) as { originalPrice: number }).originalPrice).toBe(170);
    // The refused change left no line in the history.
    expect((await read('chelsea-boot')).history?.map((entry) => entry.changes)).toEqual([
      [{ field: 'originalPrice', from: 180, to: 170 }],
    ]);
  });

  it('an order that took stock since the page was read is a change too', async () => {
    const { version } = await read('chelsea-boot');
    const session = 'guest-order';
    await admin('PUT', ORDER_PATHS.anonymousCart(session), {
      products: { 'chelsea-boot_41': { id: 'chelsea-boot', size: '41', quantity: 1 } },
      totalQuantity: 1,
    });
    const placeOrder = createPlaceOrder({ trust: localTrust('demo-shop'), database });
    const { res, sent } = fakeResponse();
    await placeOrder(
      {
        method: 'POST',
        headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}` },
        body: {
          orderKey: '-Nstaffproducts00001',
          personalInformation: SAMPLE_INFO,
          paymentMethod: 'card',
        },
      },
      res,
    );
    orderOf(sent.body as PlaceOrderAnswer);
    const late = await update(MERCHANDISER, {
      id: 'chelsea-boot',
      version,
      changes: { stock: { '41': 20 } },
    });
    expect(late).toMatchObject({ status: 409, body: { product: { stock: { '41': 2 } } } });
    expect(((await stored('chelsea-boot')) as { stock: unknown }).stock).toEqual({
      '41': 2,
      '42': 10,
    });
  });

  it.each([
    ['a discount above the price', { discountedPrice: 181 }, 'must not be above the price'],
    ['a price of three decimals', { originalPrice: 10.005 }, 'at most two decimals'],
    ['a free product', { originalPrice: 0 }, 'from 0.01'],
    ['a size it does not have', { stock: { '44': 1 } }, '44 is not a size of this product.'],
    ['a negative count', { stock: { '41': -1 } }, 'whole number from 0'],
    ['an unknown field', { name: 'Boot' }, 'Unknown field(s): name.'],
    ['nothing', {}, 'There is nothing to change.'],
  ])('refuses %s with 400 and writes nothing', async (_case, changes, message) => {
    const before = await stored('chelsea-boot');
    const { version } = await read('chelsea-boot');
    const answer = await update(MERCHANDISER, { id: 'chelsea-boot', version, changes });
    expect(answer.status).toBe(400);
    expect(String(answer.body.message)).toContain(message);
    expect(await stored('chelsea-boot')).toEqual(before);
  });

  it.each([
    ['no token', null, 401],
    ['a shopper', SHOPPER, 403],
    ['an anonymous session', ANONYMOUS, 403],
    ['a fulfilment member', FULFILMENT, 403],
    ['forged staff claims without a record', FORGED, 403],
    ["a merchandiser's expired token", EXPIRED, 401],
  ])('refuses %s, and writes nothing', async (_who, who, status) => {
    const before = await stored('chelsea-boot');
    const { version } = await read('chelsea-boot');
    const answer = await update(who, {
      id: 'chelsea-boot',
      version,
      changes: { originalPrice: 1 },
    });
    expect(answer.status).toBe(status);
    expect(await stored('chelsea-boot')).toEqual(before);
  });

  it('a browser cannot write a product directly, staff or not', async () => {
    const direct = await fetch(
      `${server.url}/catalog/products/chelsea-boot/originalPrice.json?auth=${MERCHANDISER}`,
      { method: 'PUT', body: '1' },
    );
    expect(direct.status).toBe(401);
  });
});
