// The status function (decision 5201) over real HTTP, against the real database server and rules:
// orders placed by the real order function, staff records as `npm run staff` writes them. Staff
// of the right role move an order along its transitions with a history; every other caller, role,
// move or stale view is refused and changes nothing; a cancel gives the stock back once.
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import { STAFF_PATHS, type StaffRecord } from '@shop/shared/staff/staffVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken, makeRawToken } from '../../database/test/tokens';
import { createChangeOrderStatus } from '../src/changeOrderStatus';
import { createOrderStatus } from '../src/orderStatus';
import type { OrderRecord, PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
let placeOrder: ReturnType<typeof createPlaceOrder>;
let changeUrl: string;
let closeChange: () => Promise<void>;
const admin = adminOf(() => server.url);
const logs: string[] = [];
let clock = 1_800_000_000_000;

const STOCK = 'catalog/products/chelsea-boot-suede/stock/42';
const BOOTS = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 2 } };
const key = (i: number) => `-Nstatuschang${String(i).padStart(7, '0')}`;

const staffToken = (uid: string, claims: Record<string, unknown> = {}) =>
  makeEmulatorStyleToken({
    uid,
    provider: 'password',
    claims: { email: `${uid}@shop.example`, email_verified: true, ...claims },
  });
const FULFILMENT = staffToken('fulfil-1');
const ADMIN = staffToken('admin-1');
const MERCHANDISER = staffToken('merch-1');

async function hire(uid: string, roles: StaffRecord['roles']) {
  await admin('PUT', STAFF_PATHS.member(uid), { email: `${uid}@shop.example`, roles });
}

/** Each placed order's session, for reading it back. */
const sessionOf = new Map<string, string>();

/** A guest orders two pairs of boots; answers the stored order. */
async function placed(i: number): Promise<OrderRecord> {
  const session = `guest-${i}`;
  sessionOf.set(key(i), session);
  await admin('PUT', ORDER_PATHS.anonymousCart(session), { products: BOOTS, totalQuantity: 2 });
  const { res, sent } = fakeResponse();
  await placeOrder(
    {
      method: 'POST',
      headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}` },
      body: { orderKey: key(i), personalInformation: SAMPLE_INFO, paymentMethod: 'card' },
    },
    res,
  );
  return orderOf(sent.body as PlaceOrderAnswer);
}

const stored = async (order: OrderRecord) =>
  (await admin(
    'GET',
    ORDER_PATHS.anonymousOrder(sessionOf.get(order.id) ?? '', order.id),
  )) as OrderRecord | null;

async function change(token: string | null, body: unknown, method = 'POST') {
  const response = await fetch(changeUrl, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const move = (order: OrderRecord, from: string, to: string, extra: object = {}) => ({
  number: order.number,
  from,
  to,
  ...extra,
});

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  const database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const trust = localTrust('demo-shop');
  placeOrder = createPlaceOrder({ trust, database, log: (m) => logs.push(m) });
  const served = await serveOverHttp(
    createChangeOrderStatus({ trust, database, now: () => clock, log: (m) => logs.push(m) }),
  );
  changeUrl = served.url;
  closeChange = served.close;
});
afterAll(async () => {
  await closeChange();
  await test.stop();
});
beforeEach(async () => {
  for (const path of [
    'users',
    'orderNumbers',
    'firstOrders',
    'orderClaims',
    'rateLimits',
    ORDER_PATHS.orderAudit,
  ]) {
    await admin('DELETE', path);
  }
  await admin('DELETE', STAFF_PATHS.members);
  await admin('PUT', STOCK, 10);
  await hire('fulfil-1', { fulfilment: true });
  await hire('admin-1', { admin: true });
  await hire('merch-1', { merchandiser: true });
  logs.length = 0;
});

describe('fulfilment moves an order along its life', () => {
  it('paid, packed, shipped with carrier and tracking, delivered: each step in the history', async () => {
    const order = await placed(1);
    clock += 1000;
    expect((await change(FULFILMENT, move(order, 'placed', 'paid'))).status).toBe(200);
    clock += 1000;
    await change(FULFILMENT, move(order, 'paid', 'packed', { note: 'Boxed with care' }));
    clock += 1000;
    const shipped = await change(
      FULFILMENT,
      move(order, 'packed', 'shipped', { carrier: 'DHL', tracking: 'JD0146 0000 1' }),
    );
    expect(shipped.status).toBe(200);
    expect(shipped.body.order).toMatchObject({
      status: 'shipped',
      delivery: { carrier: 'DHL', tracking: 'JD0146 0000 1' },
    });
    clock += 1000;
    await change(FULFILMENT, move(order, 'shipped', 'delivered'));

    const now = await stored(order);
    expect(now?.status).toBe('delivered');
    // The shopper's order: when, to what, the parcel; never who, nor staff's notes.
    expect(now?.statusHistory).toEqual([
      { at: clock - 3000, to: 'paid' },
      { at: clock - 2000, to: 'packed' },
      { at: clock - 1000, to: 'shipped', carrier: 'DHL', tracking: 'JD0146 0000 1' },
      { at: clock, to: 'delivered' },
    ]);
    expect(JSON.stringify(now)).not.toMatch(/fulfil-1|Boxed with care/);
    // Staff's audit trail: who, when, from, to and the note, apart from the order.
    const by = { uid: 'fulfil-1', email: 'fulfil-1@shop.example' };
    expect(await admin('GET', `${ORDER_PATHS.orderAudit}/${order.id}`)).toEqual({
      '0000': { at: clock - 3000, by, from: 'placed', to: 'paid' },
      '0001': { at: clock - 2000, by, from: 'paid', to: 'packed', note: 'Boxed with care' },
      '0002': {
        at: clock - 1000,
        by,
        from: 'packed',
        to: 'shipped',
        carrier: 'DHL',
        tracking: 'JD0146 0000 1',
      },
      '0003': { at: clock, by, from: 'shipped', to: 'delivered' },
    });
    // The rest of the order is as it was placed.
    expect({ ...now, status: order.status, statusHistory: undefined, delivery: undefined }).toEqual(
      { ...order, statusHistory: undefined, delivery: undefined },
    );
  });

  it("the guest's order-status receipt shows each move and the parcel, never who made it", async () => {
    const order = await placed(1);
    await change(FULFILMENT, move(order, 'placed', 'paid', { note: 'Paid at the till' }));
    await change(FULFILMENT, move(order, 'paid', 'packed'));
    await change(FULFILMENT, move(order, 'packed', 'shipped', { carrier: 'DHL', tracking: 'JD1' }));
    const lookUp = createOrderStatus({
      database: restDatabase({ url: server.url, credential: async () => 'owner' }),
    });
    const { res, sent } = fakeResponse();
    await lookUp(
      {
        method: 'POST',
        headers: {},
        body: { number: order.number, email: SAMPLE_INFO.email },
        socket: { remoteAddress: '127.0.0.1' },
      },
      res,
    );
    expect(sent.status).toBe(200);
    const { receipt } = sent.body as { receipt: { status: string; history: unknown[] } };
    expect(receipt.status).toBe('shipped');
    expect(receipt.history).toEqual([
      { at: clock, to: 'paid' },
      { at: clock, to: 'packed' },
      { at: clock, to: 'shipped', carrier: 'DHL', tracking: 'JD1' },
    ]);
    expect(JSON.stringify(sent.body)).not.toMatch(/fulfil-1|till/);
  });

  it('finds the order by its number as typed (spaces, lower case)', async () => {
    const order = await placed(1);
    const typed = { ...move(order, 'placed', 'paid'), number: ` ${order.number.toLowerCase()} ` };
    expect((await change(FULFILMENT, typed)).status).toBe(200);
  });

  it('a cancel before shipping gives the stock back, once', async () => {
    const order = await placed(1);
    expect(await admin('GET', STOCK)).toBe(8);
    expect((await change(FULFILMENT, move(order, 'placed', 'cancelled'))).status).toBe(200);
    expect(await admin('GET', STOCK)).toBe(10);
    const again = await change(FULFILMENT, move(order, 'placed', 'cancelled'));
    expect(again).toMatchObject({ status: 409, body: { error: 'changed', status: 'cancelled' } });
    expect(await admin('GET', STOCK)).toBe(10);
  });

  it('a refund is the admin role only, after shipping', async () => {
    const order = await placed(1);
    await change(FULFILMENT, move(order, 'placed', 'paid'));
    await change(FULFILMENT, move(order, 'paid', 'packed'));
    await change(FULFILMENT, move(order, 'packed', 'shipped', { carrier: 'UPS', tracking: '1Z9' }));
    const refused = await change(FULFILMENT, move(order, 'shipped', 'refunded'));
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: 'Your role may not mark an order refunded.' },
    });
    expect((await change(ADMIN, move(order, 'shipped', 'refunded'))).status).toBe(200);
    expect((await stored(order))?.status).toBe('refunded');
    // Returned goods are not put back on sale by a refund.
    expect(await admin('GET', STOCK)).toBe(8);
  });
});

describe('refused, and nothing changes', () => {
  let order: OrderRecord;
  beforeEach(async () => {
    order = await placed(1);
  });
  afterEach(async () => {
    expect(await stored(order)).toEqual(order);
    expect(await admin('GET', STOCK)).toBe(8);
    expect(await admin('GET', ORDER_PATHS.orderAudit)).toBeNull();
  });

  it.each([
    ['no token', null, 401, 'unauthenticated'],
    ['an anonymous session', makeEmulatorStyleToken({ uid: 'guest-1' }), 403, 'forbidden'],
    ['a signed-in shopper', staffToken('shopper-1'), 403, 'forbidden'],
    ['a merchandiser', MERCHANDISER, 403, 'forbidden'],
    // The emulator's tokens are unsigned: claims prove nothing, the staff record does.
    ['a forged role claim', staffToken('shopper-1', { staff: ['admin'] }), 403, 'forbidden'],
    [
      'an expired token',
      makeEmulatorStyleToken({ uid: 'fulfil-1', expiresIn: -60 }),
      401,
      'unauthenticated',
    ],
    [
      'a token of another project',
      makeEmulatorStyleToken({ uid: 'fulfil-1', projectId: 'demo-other' }),
      401,
      'unauthenticated',
    ],
    [
      'a token with a signature that is not the emulator’s',
      makeRawToken({ alg: 'RS256', typ: 'JWT' }, { sub: 'fulfil-1' }, 'forged'),
      401,
      'unauthenticated',
    ],
  ])('%s', async (_who, token, status, error) => {
    const answer = await change(token, move(order, 'placed', 'cancelled'));
    expect(answer).toMatchObject({ status, body: { error } });
  });

  it('a move the order cannot make, naming both statuses', async () => {
    const answer = await change(
      FULFILMENT,
      move(order, 'placed', 'shipped', { carrier: 'DHL', tracking: 'X1' }),
    );
    expect(answer).toMatchObject({
      status: 409,
      body: { error: 'not-allowed', message: 'An order that is placed cannot be marked shipped.' },
    });
  });

  it('a stale view: someone else changed the order first', async () => {
    const answer = await change(FULFILMENT, move(order, 'paid', 'packed'));
    expect(answer).toMatchObject({
      status: 409,
      body: {
        error: 'changed',
        status: 'placed',
        message: 'This order was changed by someone else: it is Placed now.',
      },
    });
  });

  it.each([
    ['no body', undefined, 'Send a JSON object: { number, from, to }.'],
    [
      'a number that is no order number',
      { number: 'TL-0', from: 'placed', to: 'paid' },
      'number must be an order number.',
    ],
    ['an unknown status', { from: 'placed', to: 'lost' }, 'to must be an order status.'],
    [
      'shipped without a tracking number',
      { from: 'placed', to: 'shipped', carrier: 'DHL' },
      'A shipped order needs its carrier and tracking number.',
    ],
    [
      'a note of 501 characters',
      { from: 'placed', to: 'paid', note: 'x'.repeat(501) },
      'note must be at most 500 characters.',
    ],
  ])('%s: 400 with what is wrong', async (_case, body, message) => {
    const sent = body === undefined ? undefined : { number: order.number, ...body };
    expect(await change(FULFILMENT, sent)).toMatchObject({
      status: 400,
      body: { error: 'invalid-request', message },
    });
  });

  it('an order number no order has', async () => {
    const answer = await change(FULFILMENT, { number: 'TL-222222', from: 'placed', to: 'paid' });
    expect(answer).toMatchObject({ status: 404, body: { error: 'not-found' } });
  });

  it('a GET', async () => {
    expect((await change(FULFILMENT, null, 'GET')).status).toBe(405);
  });
});

it('two staff members moving one order at once: one wins, the other is told, one history step', async () => {
  const order = await placed(1);
  await hire('fulfil-2', { fulfilment: true });
  const answers = await Promise.all([
    change(FULFILMENT, move(order, 'placed', 'cancelled')),
    change(staffToken('fulfil-2'), move(order, 'placed', 'paid')),
  ]);
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([200, 409]);
  const now = await stored(order);
  expect(now?.statusHistory).toHaveLength(1);
  expect(
    Object.keys((await admin('GET', `${ORDER_PATHS.orderAudit}/${order.id}`)) as object),
  ).toEqual(['0000']);
  expect(await admin('GET', STOCK)).toBe(now?.status === 'cancelled' ? 10 : 8);
});

describe('the staff records in the database rules', () => {
  const read = (uid: string, token: string | null) =>
    fetch(`${server.url}/${STAFF_PATHS.member(uid)}.json`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });

  it('a member reads their own record, no one else reads it', async () => {
    expect((await read('fulfil-1', FULFILMENT)).status).toBe(200);
    expect((await read('fulfil-1', ADMIN)).status).toBe(401);
    expect((await read('fulfil-1', staffToken('shopper-1'))).status).toBe(401);
    expect((await read('fulfil-1', null)).status).toBe(401);
  });

  it('no one but the admin credential writes one, not even its member', async () => {
    const write = await fetch(`${server.url}/${STAFF_PATHS.member('shopper-1')}.json`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${staffToken('shopper-1')}` },
      body: JSON.stringify({ email: 'x@y.z', roles: { admin: true } }),
    });
    expect(write.status).toBe(401);
    expect(await admin('GET', STAFF_PATHS.member('shopper-1'))).toBeNull();
  });
});
