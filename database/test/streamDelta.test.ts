// Event streams on a big node (decision 0003): a write under a listener's location is sent as what
// was written, without rendering the watched value again; a write above it sends the whole value.
import type { ReadCounters } from '../src/engine';
import { ADMIN, client, openStream, startTestServer, type TestServer } from './helpers';

// The counters, not the clock, tell whether the watched value was rendered: a few hundred
// products show it as well as thousands, in the default time of a test.
const PRODUCTS = 300;
const admin = { token: ADMIN };
const counters: ReadCounters = { valuesRendered: 0, valuesSerialized: 0 };
let t: TestServer;
let db: ReturnType<typeof client>;
let base: Record<string, unknown>;
const open: Array<{ close(): void }> = [];

const id = (n: number) => `p-${String(n).padStart(4, '0')}`;
const product = (n: number, name = `Product ${n}`) => ({
  ...base,
  id: id(n),
  name,
  stock: { '41': n % 7, '42': 10 + (n % 5) },
});

beforeAll(async () => {
  t = await startTestServer({ readCounters: counters });
  db = client(t.server.url);
  base = (await db.get('/catalog/products/trail-runner-gtx.json')).json as Record<string, unknown>;
  for (let start = 0; start < PRODUCTS; start += 1000) {
    const chunk: Record<string, unknown> = {};
    for (let n = start; n < Math.min(start + 1000, PRODUCTS); n++) chunk[id(n)] = product(n);
    expect((await db.patch('/catalog/products.json', chunk, admin)).status).toBe(200);
  }
});
afterEach(() => open.splice(0).forEach((s) => s.close()));
afterAll(() => t.stop());

const stream = (path: string, token?: string) => {
  const s = openStream(t.server.url, path, token);
  open.push(s);
  return s;
};
const work = () => ({ ...counters });

/** The catalog's products now, read by the admin. */
const products = async () =>
  (await db.get('/catalog/products.json', admin)).json as Record<string, unknown>;

test('one-leaf write under a product: one put of that leaf, the watched value not rendered', async () => {
  const s = stream('/catalog/products.json', ADMIN);
  const first = await s.nextChange();
  expect(first.event).toBe('put');
  const initial = first.data as { path: string; data: Record<string, unknown> };
  expect(initial.path).toBe('/');
  expect(Object.keys(initial.data)).toHaveLength(PRODUCTS + 45);
  const before = work();

  expect((await db.put(`/catalog/products/${id(42)}/stock/42.json`, 17, admin)).status).toBe(200);
  expect(await s.nextChange()).toEqual({
    event: 'put',
    data: { path: `/${id(42)}/stock/42`, data: 17 },
  });
  expect(work()).toEqual(before);

  // The same value again changes nothing: no event (the next one is the next write's).
  await db.put(`/catalog/products/${id(42)}/stock/42.json`, 17, admin);
  await db.del(`/catalog/products/${id(43)}/stock/41.json`, admin);
  expect(await s.nextChange()).toEqual({
    event: 'put',
    data: { path: `/${id(43)}/stock/41`, data: null },
  });
  expect(work()).toEqual(before);
});

test('PATCH of two products: one patch event with just those two', async () => {
  const s = stream('/catalog/products.json', ADMIN);
  await s.nextChange();
  const before = work();
  const patch = { [id(7)]: product(7, 'Renamed 7'), 'new-id': product(9999, 'Brand new') };
  expect((await db.patch('/catalog/products.json', patch, admin)).status).toBe(200);
  expect(await s.nextChange()).toEqual({ event: 'patch', data: { path: '/', data: patch } });
  expect(work()).toEqual(before);

  // A PATCH above the listener whose locations under it are below it: those locations, relative.
  const above = { [`products/${id(8)}/name`]: 'Renamed 8', 'collections/fall/order': 5 };
  expect((await db.patch('/catalog.json', above, admin)).status).toBe(200);
  expect(await s.nextChange()).toEqual({
    event: 'patch',
    data: { path: '/', data: { [`${id(8)}/name`]: 'Renamed 8' } },
  });
  expect(work()).toEqual(before);
});

test('a listener on one product gets writes of the whole product or of its fields', async () => {
  const s = stream(`/catalog/products/${id(5)}.json`);
  expect((await s.nextChange()).data).toEqual({ path: '/', data: product(5) });
  await db.patch('/catalog/products.json', { [`${id(5)}/name`]: 'Five', [id(6)]: null }, admin);
  expect(await s.nextChange()).toEqual({
    event: 'patch',
    data: { path: '/', data: { name: 'Five' } },
  });
  const replaced = product(5, 'Five again');
  await db.patch('/catalog/products.json', { [id(5)]: replaced, [id(4)]: null }, admin);
  expect(await s.nextChange()).toEqual({ event: 'put', data: { path: '/', data: replaced } });
});

test('a write above the listener (PUT catalog) sends the whole value; one render for all listeners', async () => {
  const a = stream('/catalog/products.json', ADMIN);
  const b = stream('/catalog/products.json'); // no token: the rules are checked for this one
  await a.nextChange();
  await b.nextChange();
  const catalog = (await db.get('/catalog.json', admin)).json as {
    products: Record<string, unknown>;
  };
  const before = work();

  // The same catalog again: nothing changed, nothing sent, nothing rendered.
  expect((await db.put('/catalog.json', catalog, admin)).status).toBe(200);
  catalog.products[id(11)] = product(11, 'Changed from above');
  expect((await db.put('/catalog.json', catalog, admin)).status).toBe(200);
  const expected = { event: 'put', data: { path: '/', data: catalog.products } };
  expect(await a.nextChange()).toEqual(expected);
  expect(await b.nextChange()).toEqual(expected);
  expect(work()).toEqual({
    valuesRendered: before.valuesRendered + 1,
    valuesSerialized: before.valuesSerialized + 1,
  });

  // Deltas resume after a full put.
  await db.put(`/catalog/products/${id(11)}/name.json`, 'Again', admin);
  const delta = { event: 'put', data: { path: `/${id(11)}/name`, data: 'Again' } };
  expect(await a.nextChange()).toEqual(delta);
  expect(await b.nextChange()).toEqual(delta);
  expect((await products())[id(11)]).toMatchObject({ name: 'Again' });
});

test('subscribing renders and serialises the value once, shared with a read of the same data', async () => {
  // A write first: the previous test's GET left this very value rendered in the read cache.
  await db.put(`/catalog/products/${id(1)}/name.json`, 'Fresh', admin);
  const before = work();
  const s = stream('/catalog/products.json', ADMIN);
  await s.nextChange();
  expect(work()).toEqual({
    valuesRendered: before.valuesRendered + 1,
    valuesSerialized: before.valuesSerialized + 1,
  });
  // A second listener and a GET of the unchanged data reuse the same text.
  const again = stream('/catalog/products.json', ADMIN);
  await again.nextChange();
  expect((await db.get('/catalog/products.json')).status).toBe(200);
  expect(work()).toEqual({
    valuesRendered: before.valuesRendered + 1,
    valuesSerialized: before.valuesSerialized + 1,
  });
});

test('a query listener still gets the whole query result on a change below', async () => {
  const s = stream('/catalog/products.json?orderBy="createdAt"&limitToLast=2', ADMIN);
  const first = (await s.nextChange()).data as { data: Record<string, { createdAt: number }> };
  const newest = Math.max(...Object.values(first.data).map((p) => p.createdAt));
  const latest = { ...product(5000, 'Newest'), createdAt: newest + 1 };
  await db.put('/catalog/products/latest.json', latest, admin);
  const next = await s.nextChange();
  expect(next.event).toBe('put');
  const result = (next.data as { path: string; data: Record<string, unknown> }).data;
  expect((next.data as { path: string }).path).toBe('/');
  expect(Object.keys(result)).toHaveLength(2);
  expect(result.latest).toEqual(latest);
});
