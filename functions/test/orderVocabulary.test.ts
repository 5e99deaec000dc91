// The order's vocabulary (@shop/shared/order/orderVocabulary) against the real database server
// and its rules (database.rules.json) with the real order function: an order placed under a key
// the pattern accepts is stored at ORDER_PATHS and its owner reads it there; keys the pattern
// refuses are refused before anything is written; no shopper writes an order path; the account's
// personal information takes the order's personal fields and nothing else. The same paths read
// from the rules file: shared/src/order/orderVocabulary.test.ts.
import { ORDER_PERSONAL_FIELDS } from '@shop/shared/order/orderFields';
import { ORDER_PATHS, ORDER_STATUSES, isOrderKey } from '@shop/shared/order/orderVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { adminOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
let placeOrderUrl: string;
let closeFunction: () => Promise<void>;
const admin = adminOf(() => server.url);

const KEY = '-Nvocabulary0000001_';
const SESSION = 'vocabulary-session';
const ACCOUNT = 'vocabulary-account';
const sessionToken = makeEmulatorStyleToken({ uid: SESSION });
const accountToken = makeEmulatorStyleToken({ uid: ACCOUNT, provider: 'password' });
const LINE = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } };

/** A request to the database as a shopper (their ID token), answered with its status. */
async function asShopper(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/${path}.json`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function placeOrder(orderKey: string) {
  const response = await fetch(placeOrderUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify({ orderKey, personalInformation: SAMPLE_INFO, paymentMethod: 'card' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  const database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const served = await serveOverHttp(
    createPlaceOrder({ trust: localTrust('demo-shop'), database }),
  );
  placeOrderUrl = served.url;
  closeFunction = served.close;
});
afterAll(async () => {
  await closeFunction();
  await test.stop();
});
beforeEach(async () => {
  for (const path of ['users', ORDER_PATHS.orderNumbers, ORDER_PATHS.orderClaims, 'rateLimits'])
    await admin('DELETE', path);
  for (const path of [ORDER_PATHS.firstOrders]) await admin('DELETE', path);
  await admin('PUT', ORDER_PATHS.anonymousCart(SESSION), { products: LINE, totalQuantity: 1 });
});

it('an order under a key the pattern accepts is stored at ORDER_PATHS, read there by its owner', async () => {
  expect(isOrderKey(KEY)).toBe(true);
  const placed = await placeOrder(KEY);
  expect(placed.status).toBe(200);
  const read = await asShopper(sessionToken, 'GET', ORDER_PATHS.anonymousOrder(SESSION, KEY));
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ id: KEY, status: ORDER_STATUSES[0] });
  const number = (read.body as { number: string }).number;
  expect(await admin('GET', ORDER_PATHS.orderNumber(number))).toEqual({
    path: ORDER_PATHS.anonymousOrder(SESSION, KEY),
    email: SAMPLE_INFO.email,
  });
});

it.each([
  ['19 characters', KEY.slice(1)],
  ['21 characters', `${KEY}x`],
  ['a dot', '-Nvocabulary000000.1'],
  ['a slash', '-Nvocabulary000000/1'],
])('a key with %s is refused before anything is written', async (_name, key) => {
  expect(isOrderKey(key)).toBe(false);
  const placed = await placeOrder(key);
  expect(placed).toMatchObject({ status: 400, body: { error: 'invalid-request' } });
  expect(await admin('GET', ORDER_PATHS.anonymousOrders(SESSION))).toBeNull();
});

it('no shopper writes an order path, not even their own', async () => {
  const order = { id: KEY, status: 'placed' };
  const own = await asShopper(sessionToken, 'PUT', ORDER_PATHS.anonymousOrder(SESSION, KEY), order);
  const account = await asShopper(
    accountToken,
    'PUT',
    ORDER_PATHS.accountOrder(ACCOUNT, KEY),
    order,
  );
  // The database's "Permission denied" is a 401.
  expect([own.status, account.status]).toEqual([401, 401]);
  expect(await admin('GET', ORDER_PATHS.anonymousOrder(SESSION, KEY))).toBeNull();
});

it("the account's personal information takes the order's personal fields, and nothing else", async () => {
  const path = ORDER_PATHS.personalInformation(ACCOUNT);
  const fields = Object.fromEntries(ORDER_PERSONAL_FIELDS.map((f) => [f, SAMPLE_INFO[f]]));
  expect((await asShopper(accountToken, 'PUT', path, fields)).status).toBe(200);
  const extra = { ...fields, nickname: 'Ada' };
  expect((await asShopper(accountToken, 'PUT', path, extra)).status).toBe(401);
});
