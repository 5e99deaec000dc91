// The staff order index's backfill (decision 5204) over real HTTP, against the real database
// server: orders stored before the index existed (placed by the real order function, their
// entries then removed, one of them from before statuses existed) get their entries, as the order
// function writes them; an entry a staff move wrote is kept; a second run writes nothing.
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import { STAFF_PATHS } from '@shop/shared/staff/staffVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import type { OrderRecord, PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { backfillStaffOrders } from '../src/staffOrderBackfill';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO } from './support';

let test: TestServer;
let server: DatabaseServer;
let database: ReturnType<typeof restDatabase>;
const admin = adminOf(() => server.url);
const logs: string[] = [];

async function place(i: number): Promise<OrderRecord> {
  const session = `backfill-${i}`;
  await admin('PUT', ORDER_PATHS.anonymousCart(session), {
    products: { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } },
    totalQuantity: 1,
  });
  const placeOrder = createPlaceOrder({
    trust: localTrust('demo-shop'),
    database,
    now: () => Date.UTC(2026, 10, i, 12),
    log: (m) => logs.push(m),
  });
  const { res, sent } = fakeResponse();
  await placeOrder(
    {
      method: 'POST',
      headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}` },
      body: {
        orderKey: `-Nbackfill${String(i).padStart(10, '0')}`,
        personalInformation: SAMPLE_INFO,
        paymentMethod: 'card',
      },
    },
    res,
  );
  return orderOf(sent.body as PlaceOrderAnswer);
}

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  database = restDatabase({ url: server.url, credential: async () => 'owner' });
  await admin('PUT', 'catalog/products/chelsea-boot-suede/stock/42', 100);
});
afterAll(() => test.stop());

it('writes the entries of orders stored before the index, keeps one a move wrote, and then nothing', async () => {
  const orders: OrderRecord[] = [];
  for (let i = 1; i <= 5; i += 1) orders.push(await place(i));
  const written = await admin('GET', STAFF_PATHS.orders);
  const [first, second, third] = orders as [OrderRecord, OrderRecord, OrderRecord];
  // The history before the index: no entries; the first order from before statuses existed.
  await admin('DELETE', STAFF_PATHS.orders);
  const firstPath = ORDER_PATHS.anonymousOrder('backfill-1', first.id);
  await admin('DELETE', `${firstPath}/status`);
  // A move meanwhile wrote the second's entry as paid.
  const moved = { ...(written as Record<string, object>)[second.id], status: 'paid' };
  await admin('PUT', STAFF_PATHS.order(second.id), moved);

  expect(await backfillStaffOrders(database, 2, (m) => logs.push(m))).toEqual({
    numbers: 5,
    indexed: 4,
  });
  expect(await admin('GET', STAFF_PATHS.orders)).toEqual({
    ...(written as Record<string, object>),
    [second.id]: moved,
  });
  expect(await admin('GET', STAFF_PATHS.order(third.id))).toMatchObject({
    number: third.number,
    status: 'placed',
  });
  expect(await backfillStaffOrders(database, 2)).toEqual({ numbers: 5, indexed: 0 });
  expect(logs).toEqual([]);
});
