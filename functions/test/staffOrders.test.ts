// The back office's reading functions (decision 5204) over real HTTP, against the real database
// server and rules: orders placed by the real order function a day apart, moved by the real status
// function, staff records as `npm run staff` writes them. Staff list the index newest first, page
// by page, by status, dates, number and e-mail, and read one order with its audit trail; every
// other caller and every bad parameter is refused; browsers cannot read the index.
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import {
  STAFF_PATHS,
  type StaffOrderAnswer,
  type StaffOrderRow,
  type StaffOrdersAnswer,
  type StaffRecord,
  statusKeyOf,
} from '@shop/shared/staff/staffVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken, makeRawToken } from '../../database/test/tokens';
import { createChangeOrderStatus } from '../src/changeOrderStatus';
import type { OrderRecord, PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { indexStatusChange } from '../src/staffOrderIndex';
import { createStaffOrder, createStaffOrders } from '../src/staffOrders';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
let database: ReturnType<typeof restDatabase>;
let listUrl: string;
let orderUrl: string;
let changeUrl: string;
const closers: (() => Promise<void>)[] = [];
const admin = adminOf(() => server.url);
const logs: string[] = [];

const DAY = 86_400_000;
/** 2026-11-01T10:00:00Z: order i is placed i days later. */
const FIRST_DAY = Date.UTC(2026, 10, 1, 10);
let clock = FIRST_DAY;
const key = (i: number) => `-Nstafforders${String(i).padStart(7, '0')}`;
const STOCK = 'catalog/products/chelsea-boot-suede/stock/42';
const BOOTS = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 2 } };

const staffToken = (uid: string, claims: Record<string, unknown> = {}) =>
  makeEmulatorStyleToken({
    uid,
    provider: 'password',
    claims: { email: `${uid}@shop.example`, email_verified: true, ...claims },
  });
const MERCHANDISER = staffToken('merch-1');
const FULFILMENT = staffToken('fulfil-1');

async function hire(uid: string, roles: StaffRecord['roles']) {
  await admin('PUT', STAFF_PATHS.member(uid), { email: `${uid}@shop.example`, roles });
}

/** Orders 1…7, a day apart; the even ones by Bob (his e-mail typed in capitals), the odd by Ada. */
const orders: OrderRecord[] = [];
const EMAIL = { ada: SAMPLE_INFO.email, bob: 'Bob.Builder@Example.com' };

async function place(i: number): Promise<OrderRecord> {
  const session = `guest-${i}`;
  clock = FIRST_DAY + i * DAY;
  const placeOrder = createPlaceOrder({
    trust: localTrust('demo-shop'),
    database,
    now: () => clock,
    log: (m) => logs.push(m),
  });
  await admin('PUT', ORDER_PATHS.anonymousCart(session), { products: BOOTS, totalQuantity: 2 });
  const email = i % 2 === 0 ? EMAIL.bob : EMAIL.ada;
  const { res, sent } = fakeResponse();
  await placeOrder(
    {
      method: 'POST',
      headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}` },
      body: {
        orderKey: key(i),
        personalInformation: { ...SAMPLE_INFO, email },
        paymentMethod: i === 3 ? 'bank transfer' : 'card',
      },
    },
    res,
  );
  return orderOf(sent.body as PlaceOrderAnswer);
}

async function call(url: string, token: string | null, params: string, method = 'GET') {
  const response = await fetch(`${url}${params}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function list(params: string, token: string | null = MERCHANDISER) {
  const answer = await call(listUrl, token, params);
  if (answer.status !== 200) throw new Error(`${params}: ${JSON.stringify(answer)}`);
  return answer.body as unknown as StaffOrdersAnswer;
}

/** Which orders (1…7) a page lists, in its order. */
const which = (rows: StaffOrderRow[]) =>
  rows.map((row) => orders.findIndex((o) => o.id === row.key) + 1);

async function move(i: number, from: string, to: string, extra: object = {}) {
  const response = await fetch(changeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${FULFILMENT}` },
    body: JSON.stringify({ number: orders[i - 1]?.number, from, to, ...extra }),
  });
  expect(response.status).toBe(200);
}

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
  listUrl = await serve(createStaffOrders({ trust, database, log }));
  orderUrl = await serve(createStaffOrder({ trust, database, log }));
  changeUrl = await serve(createChangeOrderStatus({ trust, database, now: () => clock, log }));

  await admin('PUT', STOCK, 100);
  await hire('merch-1', { merchandiser: true });
  await hire('fulfil-1', { fulfilment: true });
  for (let i = 1; i <= 7; i += 1) orders.push(await place(i));
  // 2 paid; 5 paid then packed (with a note); 3 cancelled.
  clock = FIRST_DAY + 10 * DAY;
  await move(2, 'placed', 'paid');
  await move(5, 'placed', 'paid');
  await move(5, 'paid', 'packed', { note: 'Gift wrap' });
  await move(3, 'placed', 'cancelled');
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await test.stop();
});

describe('staff list the orders newest first', () => {
  it('one entry per order, as the order function and the status function wrote it', async () => {
    const { orders: rows } = await list('');
    expect(which(rows)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const third = orders[2] as OrderRecord;
    expect(rows.find((row) => row.key === third.id)).toEqual({
      key: third.id,
      number: third.number,
      placedAt: FIRST_DAY + 3 * DAY,
      status: 'cancelled',
      statusKey: `cancelled|${FIRST_DAY + 3 * DAY}`,
      email: SAMPLE_INFO.email,
      total: third.totalPrice,
      units: 2,
      method: 'bank transfer',
    });
    expect(rows.find((row) => row.number === orders[1]?.number)?.email).toBe(
      'bob.builder@example.com',
    );
    expect(logs).toEqual([]);
  });

  it('page by page with the cursor, until there is no next page', async () => {
    const first = await list('?limit=3');
    expect(which(first.orders)).toEqual([7, 6, 5]);
    const second = await list(`?limit=3&before=${first.next}`);
    expect(which(second.orders)).toEqual([4, 3, 2]);
    const third = await list(`?limit=3&before=${second.next}`);
    expect(third).toEqual({ orders: [expect.objectContaining({ key: key(1) })] });
  });

  it('by status', async () => {
    expect(which((await list('?status=placed')).orders)).toEqual([7, 6, 4, 1]);
    expect(which((await list('?status=paid')).orders)).toEqual([2]);
    expect(which((await list('?status=packed')).orders)).toEqual([5]);
    expect((await list('?status=refunded')).orders).toEqual([]);
  });

  it('by dates, both days included (UTC)', async () => {
    expect(which((await list('?from=2026-11-04&to=2026-11-06')).orders)).toEqual([5, 4, 3]);
    expect(which((await list('?from=2026-11-07')).orders)).toEqual([7, 6]);
    expect(which((await list('?to=2026-11-02')).orders)).toEqual([1]);
  });

  it('by status and dates: one range, paged', async () => {
    const first = await list('?status=placed&from=2026-11-02&to=2026-11-07&limit=2');
    expect(which(first.orders)).toEqual([6, 4]);
    const second = await list(
      `?status=placed&from=2026-11-02&to=2026-11-07&limit=2&before=${first.next}`,
    );
    expect(second).toEqual({ orders: [expect.objectContaining({ key: key(1) })] });
  });

  it('by number, as typed', async () => {
    const number = orders[4]?.number ?? '';
    expect(
      which((await list(`?q=${encodeURIComponent(` ${number.toLowerCase()} `)}`)).orders),
    ).toEqual([5]);
    expect((await list('?q=TL-222222')).orders).toEqual([]);
    expect((await list(`?q=${number}&status=placed`)).orders).toEqual([]);
  });

  it('by e-mail, in any case, paged', async () => {
    const q = `q=${encodeURIComponent('BOB.builder@example.COM')}`;
    expect(which((await list(`?${q}`)).orders)).toEqual([6, 4, 2]);
    const first = await list(`?${q}&limit=2`);
    expect(which(first.orders)).toEqual([6, 4]);
    expect(which((await list(`?${q}&limit=2&before=${first.next}`)).orders)).toEqual([2]);
    expect(which((await list(`?${q}&status=placed`)).orders)).toEqual([6, 4]);
  });
});

describe('the index follows the moves', () => {
  it("a move changes the entry's status and statusKey", async () => {
    const entry = await admin('GET', STAFF_PATHS.order(key(5)));
    expect(entry).toMatchObject({ status: 'packed', statusKey: `packed|${FIRST_DAY + 5 * DAY}` });
  });

  it('an entry already at a later status stays; a missing one is written again', async () => {
    const order = orders[0] as OrderRecord;
    await admin('PATCH', STAFF_PATHS.order(order.id), { status: 'shipped' });
    await indexStatusChange(database, { ...order, status: 'paid' }, (m) => logs.push(m));
    expect(await admin('GET', `${STAFF_PATHS.order(order.id)}/status`)).toBe('shipped');
    await admin('DELETE', STAFF_PATHS.order(order.id));
    await indexStatusChange(database, order, (m) => logs.push(m));
    expect(await admin('GET', STAFF_PATHS.order(order.id))).toMatchObject({
      number: order.number,
      status: 'placed',
    });
  });

  it('orders of one millisecond are paged without a gap or a repeat', async () => {
    const at = Date.UTC(2025, 0, 1);
    const entry = {
      number: 'TL-222222',
      placedAt: at,
      status: 'placed',
      statusKey: statusKeyOf('placed', at),
    };
    const tied = ['-Ntiedtiedtiedtied01', '-Ntiedtiedtiedtied02', '-Ntiedtiedtiedtied03'];
    for (const k of tied) await admin('PUT', STAFF_PATHS.order(k), { ...entry, email: 't@x.y' });
    try {
      const seen: string[] = [];
      let next: string | undefined;
      do {
        const page = await list(`?to=2025-01-01&limit=1${next ? `&before=${next}` : ''}`);
        seen.push(...page.orders.map((row) => row.key));
        next = page.next;
      } while (next);
      expect(seen).toEqual([...tied].reverse());
    } finally {
      for (const k of tied) await admin('DELETE', STAFF_PATHS.order(k));
    }
  });
});

describe('staff read one order', () => {
  it('the whole order, its key and its audit trail oldest first', async () => {
    const order = orders[4] as OrderRecord;
    const answer = await call(orderUrl, MERCHANDISER, `?number=${order.number.toLowerCase()}`);
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as StaffOrderAnswer;
    expect(body.key).toBe(order.id);
    expect(body.order).toMatchObject({ ...order, status: 'packed' });
    const at = FIRST_DAY + 10 * DAY;
    const by = 'fulfil-1@shop.example';
    expect(body.audit).toEqual([
      { at, by, from: 'placed', to: 'paid' },
      { at, by, from: 'paid', to: 'packed', note: 'Gift wrap' },
    ]);
  });

  it('404 for a number no order has, 400 for no number', async () => {
    expect(await call(orderUrl, MERCHANDISER, '?number=TL-222222')).toMatchObject({
      status: 404,
      body: { error: 'not-found', message: 'No order has the number TL-222222.' },
    });
    expect(await call(orderUrl, MERCHANDISER, '')).toMatchObject({
      status: 400,
      body: { error: 'invalid-request' },
    });
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
    const number = orders[0]?.number ?? '';
    expect(await call(listUrl, token, '')).toMatchObject({ status, body: { error } });
    expect(await call(orderUrl, token, `?number=${number}`)).toMatchObject({
      status,
      body: { error },
    });
  });

  it.each([
    [
      '?status=lost',
      'status must be one of: placed, paid, packed, shipped, delivered, cancelled, refunded.',
    ],
    ['?from=2026-02-30', 'from must be a date such as 2026-12-06 (YYYY-MM-DD, UTC).'],
    ['?to=06/12/2026', 'to must be a date such as 2026-12-06 (YYYY-MM-DD, UTC).'],
    ['?from=2026-12-02&to=2026-12-01', 'from must be on or before to.'],
    ['?limit=0', 'limit must be a whole number from 1 to 100.'],
    ['?limit=101', 'limit must be a whole number from 1 to 100.'],
    ['?q=TL-12', 'q must be an order number such as TL-7F3K2Q or an e-mail address.'],
    ['?before=yesterday', 'before must be the `next` of the previous page.'],
    ['?status=paid&status=packed', 'status must be given once.'],
    ['?sort=oldest', 'Unknown parameter(s): sort.'],
  ])('%s: 400 with what is wrong', async (params, message) => {
    expect(await call(listUrl, MERCHANDISER, params)).toEqual({
      status: 400,
      body: { error: 'invalid-request', message },
    });
  });

  it('a POST', async () => {
    expect((await call(listUrl, MERCHANDISER, '', 'POST')).status).toBe(405);
    expect((await call(orderUrl, MERCHANDISER, '', 'POST')).status).toBe(405);
  });

  it('no browser reads the index through the database, not even with an indexed query', async () => {
    const query = `?orderBy=${encodeURIComponent('"placedAt"')}&limitToLast=5`;
    for (const token of [
      staffToken('shopper-1'),
      makeEmulatorStyleToken({ uid: 'guest-1' }),
      MERCHANDISER,
    ]) {
      for (const path of [
        `${STAFF_PATHS.orders}.json${query}`,
        `${STAFF_PATHS.order(key(1))}.json`,
      ]) {
        const response = await fetch(`${server.url}/${path}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(401);
      }
    }
  });
});
