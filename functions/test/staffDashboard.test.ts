// The back office's dashboard (decision 5207) over real HTTP, against the real database server and
// rules: orders placed by the real order function on either side of two midnights, moved by the
// real status function (cancelled, refunded); the low-stock index following the real order
// function's reservations and the status function's restores, and the backfill from the seeded
// catalog. Every caller but staff is refused, and browsers cannot read the index.
import { LOW_STOCK_LEFT, ONE_SIZE } from '@shop/shared/catalog/stock';
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import {
  type LowStockRow,
  STAFF_PATHS,
  type StaffDashboardAnswer,
  type StaffOrderEntry,
  type StaffRecord,
} from '@shop/shared/staff/staffVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken, makeRawToken } from '../../database/test/tokens';
import { createChangeOrderStatus } from '../src/changeOrderStatus';
import { backfillLowStock } from '../src/lowStockBackfill';
import type { OrderRecord, PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { summariseDay } from '../src/staffDashboardQuery';
import { createStaffDashboard } from '../src/staffOrders';
import { noteStockLevel, stockPath } from '../src/stock';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
let database: ReturnType<typeof restDatabase>;
let dashboardUrl: string;
let changeUrl: string;
const closers: (() => Promise<void>)[] = [];
const admin = adminOf(() => server.url);
const logs: string[] = [];

const HOUR = 3_600_000;
/** The day the figures are of: 2026-12-05 (UTC). */
const DAY = Date.UTC(2026, 11, 5);
const NEXT_DAY = DAY + 24 * HOUR;
let clock = DAY + 12 * HOUR;

const staffToken = (uid: string, claims: Record<string, unknown> = {}) =>
  makeEmulatorStyleToken({
    uid,
    provider: 'password',
    claims: { email: `${uid}@shop.example`, email_verified: true, ...claims },
  });
const MERCHANDISER = staffToken('merch-1');
const FULFILMENT = staffToken('fulfil-1');
const ADMIN = staffToken('admin-1');

async function hire(uid: string, roles: StaffRecord['roles']) {
  await admin('PUT', STAFF_PATHS.member(uid), { email: `${uid}@shop.example`, roles });
}

let placed = 0;
/** The real order function's answer to an order at `at` of `quantity` of one product size. */
async function tryPlace(at: number, id: string, quantity: number, size?: string) {
  placed += 1;
  const session = `guest-${placed}`;
  clock = at;
  const placeOrder = createPlaceOrder({
    trust: localTrust('demo-shop'),
    database,
    now: () => clock,
    log: (m) => logs.push(m),
  });
  const lineKey = size ? `${id}_${size}` : id;
  const line = { id, quantity, ...(size ? { size } : {}) };
  await admin('PUT', ORDER_PATHS.anonymousCart(session), {
    products: { [lineKey]: line },
    totalQuantity: quantity,
  });
  const { res, sent } = fakeResponse();
  await placeOrder(
    {
      method: 'POST',
      headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}` },
      body: {
        orderKey: `-Ndashboard${String(placed).padStart(9, '0')}`,
        personalInformation: SAMPLE_INFO,
        paymentMethod: 'card',
      },
    },
    res,
  );
  return sent.body as PlaceOrderAnswer;
}

/** An order by the real order function at `at`, of `quantity` of one product size. */
const place = async (at: number, id: string, quantity: number, size?: string) =>
  orderOf(await tryPlace(at, id, quantity, size));

async function move(order: OrderRecord, from: string, to: string, token = FULFILMENT) {
  const extra = to === 'shipped' ? { carrier: 'DHL', tracking: 'JD0146 0000 1' } : {};
  const response = await fetch(changeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ number: order.number, from, to, ...extra }),
  });
  expect(response.status).toBe(200);
}

async function call(token: string | null, params = '', method = 'GET') {
  const response = await fetch(`${dashboardUrl}${params}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function dashboard(params = '') {
  const answer = await call(MERCHANDISER, params);
  if (answer.status !== 200) throw new Error(`${params}: ${JSON.stringify(answer)}`);
  return answer.body as unknown as StaffDashboardAnswer;
}

const cents = (orders: OrderRecord[]) =>
  orders.reduce((sum, order) => sum + Math.round(order.totalPrice * 100), 0) / 100;
const NONE = {
  placed: 0,
  paid: 0,
  packed: 0,
  shipped: 0,
  delivered: 0,
  cancelled: 0,
  refunded: 0,
};

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const trust = localTrust('demo-shop');
  const log = (m: string) => logs.push(m);
  const serve = async (handler: Parameters<typeof serveOverHttp>[0]) => {
    const served = await serveOverHttp(handler);
    closers.push(served.close);
    return served.url;
  };
  dashboardUrl = await serve(createStaffDashboard({ trust, database, log, now: () => clock }));
  changeUrl = await serve(createChangeOrderStatus({ trust, database, now: () => clock, log }));
  await hire('merch-1', { merchandiser: true });
  await hire('fulfil-1', { fulfilment: true });
  await hire('admin-1', { admin: true });
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await test.stop();
});

describe("a day's orders, revenue and units", () => {
  const day: OrderRecord[] = [];
  let before: OrderRecord;
  let after: OrderRecord;

  beforeAll(async () => {
    before = await place(DAY - 1, 'trail-runner-gtx', 1, '41');
    // The day's first and last millisecond, and two between: 1 to 4 boots each.
    for (const [at, quantity] of [
      [DAY, 1],
      [DAY + 9 * HOUR, 2],
      [DAY + 15 * HOUR, 3],
      [NEXT_DAY - 1, 4],
    ] as const) {
      day.push(await place(at, 'chelsea-boot-suede', quantity, '42'));
    }
    after = await place(NEXT_DAY, 'trail-runner-gtx', 1, '41');
    clock = NEXT_DAY + HOUR;
    const [first, second, third] = day as [OrderRecord, OrderRecord, OrderRecord];
    await move(first, 'placed', 'paid');
    await move(second, 'placed', 'cancelled');
    await move(third, 'placed', 'paid');
    await move(third, 'paid', 'packed');
    await move(third, 'packed', 'shipped');
    await move(third, 'shipped', 'refunded', ADMIN);
    clock = DAY + 20 * HOUR;
  });

  it('today (UTC) by default: every order counted, cancelled and refunded ones bring nothing', async () => {
    const [first, , , fourth] = day as [OrderRecord, OrderRecord, OrderRecord, OrderRecord];
    expect(await dashboard()).toMatchObject({
      day: '2026-12-05',
      orders: 4,
      revenue: cents([first, fourth]),
      units: 1 + 4,
      byStatus: { ...NONE, placed: 1, paid: 1, cancelled: 1, refunded: 1 },
    });
    expect(cents([first, fourth])).toBeGreaterThan(0);
    expect(logs).toEqual([]);
  });

  it('another day with ?day=, its midnights exact', async () => {
    expect(await dashboard('?day=2026-12-04')).toMatchObject({
      day: '2026-12-04',
      orders: 1,
      revenue: before.totalPrice,
      units: 1,
      byStatus: { ...NONE, placed: 1 },
    });
    expect(await dashboard('?day=2026-12-06')).toMatchObject({
      orders: 1,
      revenue: after.totalPrice,
      units: 1,
    });
  });

  it('a day in the future is empty', async () => {
    expect(await dashboard('?day=2030-01-01')).toMatchObject({
      day: '2030-01-01',
      orders: 0,
      revenue: 0,
      units: 0,
      byStatus: NONE,
    });
  });

  it('revenue is summed in cents: exact to the cent', () => {
    const entry = (total: number, status: StaffOrderEntry['status'] = 'paid') =>
      ({ total, units: 1, status }) as StaffOrderEntry;
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(summariseDay([entry(0.1), entry(0.2)]).revenue).toBe(0.3);
    expect(summariseDay([entry(118.99), entry(95.99), entry(0.01, 'cancelled')])).toEqual({
      orders: 3,
      revenue: 214.98,
      units: 2,
      byStatus: { ...NONE, paid: 2, cancelled: 1 },
    });
  });
});

describe('the sizes about to sell out', () => {
  const BEANIE = 'ribbed-beanie';
  const beanieEntry = () => admin('GET', STAFF_PATHS.lowStockEntry(BEANIE, ONE_SIZE));
  const beanieRow = (rows: LowStockRow[]) => rows.find((row) => row.productId === BEANIE);
  let two: OrderRecord;
  let five: OrderRecord;

  it('none listed while no size is low', async () => {
    expect(await dashboard()).toMatchObject({ lowStock: [], lowStockMore: false });
  });

  it('an order that takes a size to LOW_STOCK_LEFT lists it; one that sells it out lists 0', async () => {
    await admin('PUT', stockPath(BEANIE, ONE_SIZE), LOW_STOCK_LEFT + 2);
    two = await place(DAY + 13 * HOUR, BEANIE, 2);
    expect(await beanieEntry()).toEqual({ productId: BEANIE, size: ONE_SIZE, left: 5 });
    expect((await dashboard()).lowStock).toEqual([
      { productId: BEANIE, name: 'Ribbed Beanie', size: ONE_SIZE, left: 5 },
    ]);
    five = await place(DAY + 14 * HOUR, BEANIE, 5);
    expect(await admin('GET', stockPath(BEANIE, ONE_SIZE))).toBe(0);
    expect(beanieRow((await dashboard()).lowStock)).toMatchObject({ left: 0 });
  });

  it('a cancel gives the stock back: still low at 5, gone above it', async () => {
    clock = DAY + 16 * HOUR;
    await move(five, 'placed', 'cancelled');
    expect(await beanieEntry()).toMatchObject({ left: 5 });
    await move(two, 'placed', 'cancelled');
    expect(await admin('GET', stockPath(BEANIE, ONE_SIZE))).toBe(7);
    expect(await beanieEntry()).toBeNull();
    expect(beanieRow((await dashboard()).lowStock)).toBeUndefined();
    expect(logs).toEqual([]);
  });

  it("the backfill lists the seeded catalog's scarce sizes, sold-out first, with names", async () => {
    expect(await backfillLowStock(database, 7)).toEqual({ products: 45, listed: 6, noted: 6 });
    const { lowStock, lowStockMore } = await dashboard();
    expect(lowStock).toEqual([
      { productId: 'cable-knit-sweater', name: 'Cable Knit Sweater', size: 'XL', left: 0 },
      { productId: 'retro-runner', name: 'Retro Runner 84', size: '46', left: 0 },
      { productId: 'suede-high-top', name: 'Suede High-Top', size: '41', left: 0 },
      { productId: 'midi-wrap-dress', name: 'Midi Wrap Dress', size: 'XL', left: 1 },
      { productId: 'retro-runner', name: 'Retro Runner 84', size: '45', left: 2 },
      { productId: 'cable-knit-sweater', name: 'Cable Knit Sweater', size: 'L', left: 3 },
    ]);
    expect(lowStockMore).toBe(false);
    // Run again, it changes nothing.
    expect(await backfillLowStock(database)).toEqual({ products: 45, listed: 6, noted: 0 });
  });

  it('20 shown, fewest left first; lowStockMore when there are more', async () => {
    // 14 more low sizes make 20, then one more makes 21.
    const sizes = ['40', '41', '42', '43', '44', '45', '46'];
    const more = ['trail-runner-gtx', 'canvas-low-top'].flatMap((id) =>
      sizes.map((size) => [id, size] as const),
    );
    for (const [i, [id, size]] of more.entries()) {
      await admin('PUT', stockPath(id, size), 1 + (i % 5));
      await noteStockLevel(database, id, size, 1 + (i % 5));
    }
    const twenty = await dashboard();
    expect(twenty.lowStock).toHaveLength(20);
    expect(twenty.lowStockMore).toBe(false);
    await admin('PUT', stockPath('linen-shirt', 'S'), 0);
    await noteStockLevel(database, 'linen-shirt', 'S', 0);
    const full = await dashboard();
    expect(full.lowStock).toHaveLength(20);
    expect(full.lowStockMore).toBe(true);
    const lefts = full.lowStock.map((row) => row.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    expect(lefts.slice(0, 5)).toEqual([0, 0, 0, 0, 1]);
    expect(full.lowStock).toContainEqual(
      expect.objectContaining({ productId: 'linen-shirt', name: 'Linen Shirt', size: 'S' }),
    );
    expect(logs).toEqual([]);
  });

  it('20 orders at once for the last 8: the entry ends at 0, whatever order the writes landed in', async () => {
    await admin('PUT', stockPath('linen-shirt', 'L'), 8);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => tryPlace(DAY + 22 * HOUR, 'linen-shirt', 1, 'L')),
    );
    expect(answers.filter((answer) => 'order' in answer)).toHaveLength(8);
    expect(await admin('GET', stockPath('linen-shirt', 'L'))).toBe(0);
    expect(await admin('GET', STAFF_PATHS.lowStockEntry('linen-shirt', 'L'))).toEqual({
      productId: 'linen-shirt',
      size: 'L',
      left: 0,
    });
    expect(logs).toEqual([]);
    // 20 orders racing for one count take seconds on a loaded 2-core machine.
  }, 30_000);

  it('an entry whose count moved meanwhile is written as the count is now', async () => {
    await admin('PUT', stockPath('linen-shirt', 'M'), 40);
    // A stale writer says 3; the count says 40: no entry stays.
    await noteStockLevel(database, 'linen-shirt', 'M', 3);
    expect(await admin('GET', STAFF_PATHS.lowStockEntry('linen-shirt', 'M'))).toBeNull();
  });
});

describe('refused', () => {
  const noRoles = staffToken('former-1');
  beforeAll(async () => {
    // The database drops an empty `roles`: the record is `{ email }`.
    await hire('former-1', {});
  });

  it.each([
    ['no token', null, 401, 'unauthenticated'],
    [
      'a forged token',
      makeRawToken({ alg: 'RS256', typ: 'JWT' }, { sub: 'merch-1' }, 'forged'),
      401,
      'unauthenticated',
    ],
    ['a signed-in shopper', staffToken('shopper-1'), 403, 'forbidden'],
    ['a forged role claim', staffToken('shopper-1', { staff: ['admin'] }), 403, 'forbidden'],
    ['an anonymous session', makeEmulatorStyleToken({ uid: 'guest-1' }), 403, 'forbidden'],
    ['a staff record with no roles', noRoles, 403, 'forbidden'],
  ])('%s', async (_who, token, status, error) => {
    const answer = await call(token);
    expect(answer).toMatchObject({ status, body: { error } });
    expect(answer.body).not.toHaveProperty('orders');
  });

  it.each([
    ['?day=2026-02-30', 'day must be a date such as 2026-12-06 (YYYY-MM-DD, UTC).'],
    ['?day=06/12/2026', 'day must be a date such as 2026-12-06 (YYYY-MM-DD, UTC).'],
    ['?day=2026-12-05&day=2026-12-06', 'day must be given once.'],
    ['?from=2026-12-05', 'Unknown parameter(s): from.'],
  ])('%s: 400 with what is wrong', async (params, message) => {
    expect(await call(MERCHANDISER, params)).toEqual({
      status: 400,
      body: { error: 'invalid-request', message },
    });
  });

  it('a POST', async () => {
    expect((await call(MERCHANDISER, '', 'POST')).status).toBe(405);
  });

  it('no browser reads the low-stock index through the database, not even ordered by left', async () => {
    const query = `?orderBy=${encodeURIComponent('"left"')}&limitToFirst=21`;
    for (const token of [
      staffToken('shopper-1'),
      makeEmulatorStyleToken({ uid: 'guest-1' }),
      MERCHANDISER,
    ]) {
      for (const path of [
        `${STAFF_PATHS.lowStock}.json${query}`,
        `${STAFF_PATHS.lowStockEntry('retro-runner', '46')}.json`,
      ]) {
        const response = await fetch(`${server.url}/${path}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(401);
      }
    }
  });
});
