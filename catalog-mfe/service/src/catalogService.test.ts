// The query service over real HTTP, fed by the real database server's event stream.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import type { Product } from '@shop/shared';
import { startDatabaseServer, type DatabaseServer } from '../../../database/src/createServer';
import type { CompleteTheLookResult } from '@shop/shared/catalog/completeTheLook';
import type { HomeResult, ListingResult, RelatedResult } from '../../src/catalog/catalogQuery';
import { CARD_FIELDS, toProductCard } from '../../src/catalog/productCard';
import { startCatalogFeed, type CatalogFeed } from './catalogFeed';
import { CatalogMarkets } from './catalogMarkets';
import seed from '../../../database/seed/catalog.json';
import { createCatalogServer } from './catalogService';

let dataDir: string;
let database: DatabaseServer;
let feed: CatalogFeed;
let service: Server;
let base: string;

const admin = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const write = async (method: 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
  const response = await fetch(`${database.url}/${path}.json`, {
    method,
    headers: admin,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
};
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });
const listing = async (address: string) => {
  const response = await get(`/v1/products?${address}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListingResult;
};
/** Asks until `check` passes: a change reaches the index through the stream, not at once. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (check(value) || attempt >= 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'catalog-service-test-'));
  database = await startDatabaseServer({ port: 0, dataDir, log: false });
  const index = CatalogMarkets.of();
  feed = startCatalogFeed({ databaseUrl: database.url, index });
  let ready = false;
  service = createCatalogServer({ index, isReady: () => ready });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  await feed.ready;
  ready = true;
});

afterAll(async () => {
  feed.close();
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a listing page: its products, the total, the page count and facet counts', async () => {
  const men = await listing('category=men');
  expect(men.total).toBeGreaterThan(0);
  expect(men.products.length).toBe(Math.min(24, men.total));
  expect(men.products.every((p) => p.category === 'men')).toBe(true);
  expect(men.pageCount).toBe(Math.ceil(men.total / 24));
  const sneakers = men.facets.type.find((f) => f.value === 'sneakers')!.count;
  const filtered = await listing('category=men&type=sneakers');
  expect(filtered.total).toBe(sneakers);
  const all = await listing('per=48');
  expect(all.total).toBe(45);
  expect(all.facets.category.reduce((sum, f) => sum + f.count, 0)).toBe(45);
  const second = await listing('per=24&page=2');
  expect(second.products.map((p) => p.id)).toEqual(all.products.slice(24, 48).map((p) => p.id));
  const past = await listing('page=9');
  expect(past).toMatchObject({ page: 9, pageCount: 2, products: [] });
});

test('listings, the home page and related products answer cards, not whole records', async () => {
  // A root market's card has no colour labels (its colours are their own names).
  const cardFields = CARD_FIELDS.filter((field) => field !== 'colourLabels').sort();
  const fieldsOf = (products: readonly object[]) => [
    ...new Set(products.flatMap((p) => Object.keys(p))),
  ];
  const [first] = (await listing('category=men')).products;
  const home = (await (await get('/v1/home')).json()) as HomeResult;
  const related = (await (
    await get(`/v1/products/${encodeURIComponent(first!.id)}/related?limit=4`)
  ).json()) as RelatedResult;
  for (const products of [[first!], home.newArrivals, home.featured, related.products]) {
    expect(products.length).toBeGreaterThan(0);
    expect(fieldsOf(products).sort()).toEqual(cardFields);
  }
  const record = (await (
    await fetch(`${database.url}/catalog/products/${first!.id}.json`, { headers: admin })
  ).json()) as Product;
  expect(first).toEqual(toProductCard(record));
});

test('malformed requests are refused with a reason, before any work', async () => {
  for (const [address, reason] of [
    ['page=0', /page must be/],
    ['page=-1', /page must be/],
    ['page=abc', /page must be/],
    ['page=99999', /page must be/],
    ['per=7', /per must be/],
    [`q=${'x'.repeat(2_000)}`, /at most 100 characters/],
    ['q=a b c d e f g h i j', /at most 8 words/],
  ] as const) {
    const response = await get(`/v1/products?${address}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(reason);
  }
  expect((await get('/v1/nothing')).status).toBe(404);
  expect((await get('/v1/products/nope/related')).status).toBe(404);
  expect((await get(`/v1/products?q=${'y'.repeat(3_000)}`)).status).toBe(414);
  expect((await fetch(`${base}/v1/products`, { method: 'POST' })).status).toBe(405);
});

test('answers are compressed, public for a short time, and 304 when unchanged', async () => {
  const first = await get('/v1/products?category=women', { 'Accept-Encoding': 'gzip' });
  expect(first.headers.get('cache-control')).toMatch(/public, max-age=2/);
  expect(first.headers.get('access-control-allow-origin')).toBe('*');
  const etag = first.headers.get('etag')!;
  const again = await get('/v1/products?category=women', { 'If-None-Match': etag });
  expect(again.status).toBe(304);
  // Node's fetch decodes gzip itself: ask with a raw request to see the encoding.
  const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve) => {
    void import('node:http').then(({ get: httpGet }) =>
      httpGet(
        `${base}/v1/products?category=women`,
        { headers: { 'Accept-Encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        },
      ),
    );
  });
  expect(raw.encoding).toBe('gzip');
  expect((JSON.parse(gunzipSync(raw.body).toString()) as ListingResult).total).toBeGreaterThan(0);
});

test('a price, a stock and a new product are answered from the database within moments', async () => {
  const [first] = (await listing('sort=price-asc')).products;
  const target = first!;
  await write('PUT', `catalog/products/${target.id}/discountedPrice`, 1_000);
  const moved = await eventually(
    () => listing('sort=price-desc&per=24'),
    (result) => result.products[0]?.id === target.id,
  );
  expect(moved.products[0]).toMatchObject({ id: target.id, discountedPrice: 1_000 });

  const sizedId = (await listing('category=men&type=sneakers')).products[0]!.id;
  const sized = (await (
    await fetch(`${database.url}/catalog/products/${sizedId}.json`, { headers: admin })
  ).json()) as Product;
  const size = sized.sizes[0]!;
  const before = (await listing(`category=men&type=sneakers&size=${size}`)).total;
  await write('PATCH', `catalog/products/${sized.id}/stock`, { [size]: 0 });
  const after = await eventually(
    () => listing(`category=men&type=sneakers&size=${size}`),
    (result) => result.total === before - 1,
  );
  expect(after.products.map((p) => p.id)).not.toContain(sized.id);

  const added: Product = { ...sized, id: 'moonwalk-boot', name: 'Moonwalk Boot', createdAt: 4e12 };
  delete added.stock;
  await write('PUT', 'catalog/products/moonwalk-boot', added);
  const found = await eventually(
    () => listing('q=moonwalk'),
    (result) => result.total === 1,
  );
  expect(found.products[0]!.id).toBe('moonwalk-boot');
  const home = await eventually(
    async () => (await get('/v1/home')).json() as Promise<HomeResult>,
    (result) => result.newArrivals[0]?.id === 'moonwalk-boot',
  );
  expect(home.newArrivals[0]!.id).toBe('moonwalk-boot');
  expect(home.featured.length).toBeLessThanOrEqual(8);

  await write('DELETE', 'catalog/products/moonwalk-boot');
  expect(
    (
      await eventually(
        () => listing('q=moonwalk'),
        (r) => r.total === 0,
      )
    ).total,
  ).toBe(0);
});

test('related products of a product: bounded, never itself', async () => {
  const product = (await listing('category=women')).products[0]!;
  const response = await get(`/v1/products/${encodeURIComponent(product.id)}/related?limit=4`);
  expect(response.status).toBe(200);
  const { products } = (await response.json()) as { products: Product[] };
  expect(products.length).toBeGreaterThan(0);
  expect(products.length).toBeLessThanOrEqual(4);
  expect(products.map((p) => p.id)).not.toContain(product.id);
  expect((await get(`/v1/products/${product.id}/related?limit=99`)).status).toBe(400);
});

test('complete the look: products for a basket, none of its own, bounded; malformed is refused', async () => {
  const basket = (await listing('category=women&per=24')).products.slice(0, 2).map((p) => p.id);
  const address = `/v1/related?${basket.map((id) => `id=${encodeURIComponent(id)}`).join('&')}`;
  const response = await get(`${address}&limit=4`);
  expect(response.status).toBe(200);
  const { products } = (await response.json()) as CompleteTheLookResult;
  expect(products.length).toBeGreaterThan(0);
  expect(products.length).toBeLessThanOrEqual(4);
  expect(products.map((p) => p.id).filter((id) => basket.includes(id))).toEqual([]);
  expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
  // An id the catalog does not know is skipped, not an error.
  expect((await get(`${address}&id=no-such-product`)).status).toBe(200);
  for (const refused of [
    '/v1/related',
    `/v1/related?${Array.from({ length: 11 }, (_, n) => `id=p${n}`).join('&')}`,
    `/v1/related?id=${'x'.repeat(201)}`,
    `${address}&limit=5`,
    `${address}&limit=0`,
  ]) {
    expect((await get(refused)).status).toBe(400);
  }
});

/** The seed's records, as stored (prices per currency, German texts). */
const records = seed.catalog.products as unknown as Record<
  string,
  {
    name: string;
    discountedPrice: number;
    prices: Record<string, { originalPrice: number; discountedPrice: number }>;
    translations: { de: { name: string; colours: string[] } };
  }
>;

test("a market's listing: its currency's prices and its language's texts", async () => {
  const german = await listing('market=de&per=48&sort=price-desc');
  expect(german.total).toBe(Object.keys(records).length);
  for (const card of german.products) {
    const record = records[card.id]!;
    expect(card.name).toBe(record.translations.de.name);
    expect(card.originalPrice).toBe(record.prices.EUR!.originalPrice);
    expect(card.discountedPrice).toBe(record.prices.EUR!.discountedPrice);
    expect(card.colourLabels).toEqual(record.translations.de.colours);
  }
  // Whole cards, in the card's field order, though the index keeps only what differs.
  expect(german.products.every((card) => Object.keys(card).join() === CARD_FIELDS.join())).toBe(
    true,
  );
  // Sorted by the euro price.
  const euros = german.products.map((card) => card.discountedPrice);
  expect(euros).toEqual([...euros].sort((a, b) => b - a));
  const british = (await listing('market=uk&per=48')).products;
  expect(
    british.every((card) => card.discountedPrice === records[card.id]!.prices.GBP!.discountedPrice),
  ).toBe(true);
  expect(british.every((card) => card.name === records[card.id]!.name && !card.colourLabels)).toBe(
    true,
  );
  // The root market's answers are today's, asked with or without its id.
  const root = await listing('per=48&sort=price-desc');
  expect(await listing('market=us&per=48&sort=price-desc')).toEqual(root);
  // (An earlier test repriced one product to 1,000 in US dollars.)
  const unchanged = root.products.filter((card) => card.discountedPrice !== 1_000);
  expect(unchanged).toHaveLength(root.products.length - 1);
  expect(
    unchanged.every((card) => card.discountedPrice === records[card.id]!.discountedPrice),
  ).toBe(true);
});

test("the price filter reads the market's currency", async () => {
  const under = (currency: string) =>
    Object.values(records).filter((r) => r.prices[currency]!.discountedPrice <= 40).length;
  expect((await listing('market=de&max=40')).total).toBe(under('EUR'));
  expect((await listing('market=uk&max=40')).total).toBe(under('GBP'));
  expect(under('EUR')).not.toBe(under('GBP'));
});

test('German search: German words stemmed, and English words still find the product', async () => {
  const ids = async (address: string) => (await listing(address)).products.map((p) => p.id);
  expect(await ids('market=de&q=Wollmantel')).toEqual(['wool-overcoat']);
  expect(await ids('market=de&q=M%C3%A4ntel')).toEqual(
    expect.arrayContaining(['wool-overcoat', 'classic-trench']),
  );
  expect(await ids('market=de&q=Kleider')).toEqual(
    expect.arrayContaining(['midi-wrap-dress', 'floral-midi-dress', 'satin-slip-dress']),
  );
  // "Seidenblusen" (plural) finds "Seidenbluse"; "overcoat" (English) the "Wollmantel".
  expect(await ids('market=de&q=Seidenblusen')).toEqual(['silk-blouse']);
  expect(await ids('market=de&q=overcoat')).toContain('wool-overcoat');
  // The English markets do not read German; the United Kingdom searches as the United States
  // (one English search), answering in pounds.
  expect(await ids('q=Wollmantel')).toEqual([]);
  expect(await ids('market=uk&q=overcoat')).toEqual(await ids('q=overcoat'));
  expect((await listing('market=uk&q=wool overcoat')).products[0]).toMatchObject({
    id: 'wool-overcoat',
    discountedPrice: records['wool-overcoat']!.prices.GBP!.discountedPrice,
  });
});

test('an unknown market is refused with the markets served', async () => {
  const response = await get('/v1/products?market=fr');
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toBe(
    'market "fr" is unknown: market must be one of us, de, uk',
  );
  expect((await get('/v1/home?market=DE')).status).toBe(400);
});

test("a product without a price in the market's currency is not listed there; a partial write keeps its texts", async () => {
  const boot = seed.catalog.products['chelsea-boot-suede'] as unknown as Record<string, unknown>;
  const euroOnly: Record<string, unknown> = {
    ...boot,
    id: 'euro-boot',
    name: 'Euro Boot',
    createdAt: 5e12,
  };
  euroOnly.prices = { EUR: { originalPrice: 99.95, discountedPrice: 89.95 } };
  euroOnly.translations = { de: { name: 'Euro-Stiefel' } };
  await write('PUT', 'catalog/products/euro-boot', euroOnly);
  const german = await eventually(
    () => listing('market=de&q=euro'),
    (result) => result.total === 1,
  );
  expect(german.products[0]).toMatchObject({
    id: 'euro-boot',
    name: 'Euro-Stiefel',
    discountedPrice: 89.95,
  });
  expect((await listing('market=uk&q=euro')).total).toBe(0);
  expect((await listing('q=euro')).total).toBe(1);

  await write('PUT', 'catalog/products/euro-boot/prices/EUR/discountedPrice', 79.95);
  const cheaper = await eventually(
    () => listing('market=de&q=euro'),
    (result) => result.products[0]?.discountedPrice === 79.95,
  );
  expect(cheaper.products[0]).toMatchObject({ name: 'Euro-Stiefel', discountedPrice: 79.95 });
  await write('PATCH', 'catalog/products/euro-boot', { discountedPrice: 120 });
  await eventually(
    () => listing('q=euro'),
    (result) => result.products[0]?.discountedPrice === 120,
  );
  expect((await listing('market=de&q=euro')).products[0]).toMatchObject({
    name: 'Euro-Stiefel',
    discountedPrice: 79.95,
  });
  await write('DELETE', 'catalog/products/euro-boot');
  await eventually(
    () => listing('market=de&q=euro'),
    (result) => result.total === 0,
  );
});
