import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabaseServer, type DatabaseServer } from '../../database/src/createServer';
import { readProductRecord } from '../../shared/src/catalog/productRecord';
import {
  catalogIds,
  COLOURS,
  derivedProducts,
  patchBodies,
  readSeedProducts,
  seedCatalog,
} from './seedCatalog';

const seeds = readSeedProducts();
const ADMIN = { Authorization: 'Bearer owner' };

describe('derived products', () => {
  const derived = derivedProducts(seeds, 45 + 2000);
  const records = [...derived.values()];

  it('are byte-identical for the same input, and shared by every catalog size', () => {
    const again = derivedProducts(seeds, 45 + 2000);
    expect(JSON.stringify([...again])).toBe(JSON.stringify([...derived]));
    const smaller = derivedProducts(seeds, 300);
    for (const [id, record] of smaller) {
      expect(JSON.stringify(record)).toBe(JSON.stringify(derived.get(id)));
    }
  });

  it('have ids `${seedId}-v${n}` that are database keys and cart product ids', () => {
    const seedIds = new Set(seeds.map((s) => s.id));
    for (const [id, record] of derived) {
      expect(record.id).toBe(id);
      const match = /^(.+)-v([1-9]\d*)$/.exec(id);
      expect(seedIds.has(match?.[1] ?? '')).toBe(true);
      // The rules' pattern for a cart line's product id (database.rules.json).
      expect(id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    }
    expect(new Set(catalogIds(seeds, 2045)).size).toBe(2045);
  });

  it('every record passes the shop product reader, unchanged', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const [id, record] of derived) {
        const product = readProductRecord(id, record);
        expect(product).not.toBeNull();
        expect(product).toMatchObject({
          id,
          name: record.name,
          originalPrice: record.originalPrice,
          discountedPrice: record.discountedPrice,
          colours: record.colours,
        });
      }
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('have every market’s prices and German texts, read by the product reader (decision 5101)', () => {
    const cents = (price: number) => Math.round(price * 100) % 100;
    for (const [id, record] of derived) {
      const { EUR, GBP } = record.prices ?? {};
      expect(cents(EUR!.originalPrice)).toBe(95);
      expect(cents(GBP!.originalPrice)).toBe(99);
      for (const price of [EUR!, GBP!]) {
        expect(price.discountedPrice).toBeLessThanOrEqual(price.originalPrice);
        // The same share off as in US dollars, to the cent.
        expect(price.discountedPrice / price.originalPrice).toBeCloseTo(
          record.discountedPrice / record.originalPrice,
          2,
        );
      }
      const german = readProductRecord(id, record, { currency: 'EUR', language: 'de' });
      expect(german).toMatchObject({
        name: record.translations!.de!.name,
        discountedPrice: EUR!.discountedPrice,
        colours: record.colours,
      });
      expect(german!.colourLabels).toHaveLength(record.colours.length);
      // "Relaxed Zopfstrickpullover in Tannengrün": the colour named in German.
      expect(german!.name.endsWith(` in ${german!.colourLabels![0]}`)).toBe(true);
    }
  });

  it('keep the seed product’s picture, type, category, collection, sizes and description', () => {
    const byId = new Map(seeds.map((s) => [s.id, s]));
    for (const [id, record] of derived) {
      const seed = byId.get(id.replace(/-v\d+$/, ''));
      expect(seed).toBeDefined();
      if (!seed) continue;
      expect(record).toMatchObject({
        imageUrl: seed.imageUrl,
        type: seed.type,
        category: seed.category,
        collection: seed.collection,
        description: seed.description,
      });
      expect(record.sizes ?? []).toEqual(seed.sizes ?? []);
      expect(Object.keys(record.stock ?? {})).toEqual(Object.keys(seed.stock ?? {}));
      expect(record.alt).toBe(
        `Illustration of the ${record.name}: ${/^[aeiou]/i.test(record.colours[0] ?? '') ? 'an' : 'a'} ${record.colours[0]?.toLowerCase()} ${seed.alt.replace(/^.*: an? /, '').replace(new RegExp(`^${(seed.colours[0] ?? '').toLowerCase()} `), '')}`,
      );
      expect(record.name).toContain(seed.name);
      const ratio = record.originalPrice / seed.originalPrice;
      expect(ratio).toBeGreaterThanOrEqual(0.6 - 0.01);
      expect(ratio).toBeLessThanOrEqual(1.4 + 0.01);
      expect(record.discountedPrice).toBeLessThanOrEqual(record.originalPrice);
      // Whole cents.
      expect(Math.round(record.originalPrice * 100) / 100).toBe(record.originalPrice);
      expect(Math.round(record.discountedPrice * 100) / 100).toBe(record.discountedPrice);
    }
  });

  it('vary: names, colours, reductions, sold-out sizes and two years of createdAt', () => {
    expect(new Set(records.map((r) => r.name)).size).toBeGreaterThan(1900);
    const colours = new Set(records.flatMap((r) => r.colours));
    expect(colours.size).toBe(COLOURS.length);
    for (const family of ['Burgundy', 'Navy', 'Olive', 'Cream']) expect(colours).toContain(family);
    const reduced = records.filter((r) => r.discountedPrice < r.originalPrice);
    expect(reduced.length / records.length).toBeGreaterThan(0.2);
    expect(reduced.length / records.length).toBeLessThan(0.4);
    for (const r of reduced) expect(r.annotation).toMatch(/^-\d+%$/);
    const counts = records.flatMap((r) => Object.values(r.stock ?? {}));
    const soldOut = counts.filter((n) => n === 0).length / counts.length;
    expect(soldOut).toBeGreaterThan(0.1);
    expect(soldOut).toBeLessThan(0.25);
    const newest = Math.max(...seeds.map((s) => s.createdAt));
    const times = records.map((r) => r.createdAt);
    const year = 365 * 24 * 3600 * 1000;
    expect(Math.max(...times)).toBeLessThanOrEqual(newest);
    expect(Math.min(...times)).toBeGreaterThan(newest - 2 * year);
    expect(Math.min(...times)).toBeLessThan(newest - 1.9 * year);
  });
});

describe('patchBodies', () => {
  it('keeps every body within the location count and the byte size, losing nothing', () => {
    const entries = Array.from({ length: 250 }, (_, i): [string, unknown] => [
      `k${i}`,
      { text: 'é'.repeat(i % 40) }, // two bytes a character in UTF-8
    ]);
    const bodies = patchBodies(entries, 30, 2000);
    for (const body of bodies) {
      expect(Object.keys(JSON.parse(body) as object).length).toBeLessThanOrEqual(30);
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(2000);
    }
    const merged = Object.assign({}, ...bodies.map((b) => JSON.parse(b) as object)) as object;
    expect(merged).toEqual(Object.fromEntries(entries));
    expect(() => patchBodies([['big', 'x'.repeat(3000)]], 30, 2000)).toThrow(/over 2000 bytes/);
  });
});

describe('seedCatalog over HTTP', () => {
  let server: DatabaseServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seed-catalog-test-'));
    // A small body limit, so even 300 products take several PATCHes cut by size.
    server = await startDatabaseServer({ port: 0, dataDir, log: false, bodyLimitBytes: 64 * 1024 });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const products = async (): Promise<Record<string, unknown>> => {
    const res = await fetch(`${server.url}/catalog/products.json`, { headers: ADMIN });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };

  it('grows and shrinks the catalog to exactly N products, derived ones as generated', async () => {
    const before = await products();
    expect(Object.keys(before).sort()).toEqual(seeds.map((s) => s.id).sort());
    const lines: string[] = [];
    const seed = (count: number) =>
      seedCatalog({
        databaseUrl: server.url,
        products: count,
        log: (line) => lines.push(line),
        maxBodyBytes: 64 * 1024,
      });

    expect(await seed(45)).toMatchObject({ written: 0, deleted: 0 });

    expect(await seed(300)).toMatchObject({ written: 255, deleted: 0 });
    const at300 = await products();
    expect(Object.keys(at300).sort()).toEqual(catalogIds(seeds, 300).sort());
    const expected = derivedProducts(seeds, 300);
    for (const [id, record] of expected) expect(at300[id]).toEqual(record);
    // The hand-made products are as they were.
    for (const s of seeds) expect(at300[s.id]).toEqual(before[s.id]);
    expect(lines.some((l) => /^write: \d+\/\d+ PATCHes$/.test(l))).toBe(true);

    expect(await seed(120)).toMatchObject({ written: 75, deleted: 180 });
    const at120 = await products();
    expect(Object.keys(at120).sort()).toEqual(catalogIds(seeds, 120).sort());
    for (const id of Object.keys(at120)) expect(at120[id]).toEqual(at300[id]);

    expect(await seed(45)).toMatchObject({ written: 0, deleted: 75 });
    expect(await products()).toEqual(before);
  });

  it('puts back a missing hand-made product and leaves a changed one alone', async () => {
    const [first, second] = seeds;
    if (!first || !second) throw new Error('no seed products');
    const del = await fetch(`${server.url}/catalog/products/${first.id}.json`, {
      method: 'DELETE',
      headers: ADMIN,
    });
    expect(del.status).toBe(200);
    const put = await fetch(`${server.url}/catalog/products/${second.id}/annotation.json`, {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify('Changed by hand'),
    });
    expect(put.status).toBe(200);
    expect(
      await seedCatalog({ databaseUrl: server.url, products: 45, maxBodyBytes: 64 * 1024 }),
    ).toMatchObject({
      written: 1,
      deleted: 0,
    });
    const now = await products();
    expect(now[first.id]).toEqual(first);
    expect(now[second.id]).toMatchObject({ annotation: 'Changed by hand' });
  });

  it('refuses fewer products than the seed catalog', async () => {
    await expect(seedCatalog({ databaseUrl: server.url, products: 44 })).rejects.toThrow(
      /at least the 45 seed products/,
    );
  });
});
