import type { Product } from '@shop/shared';
import { parseProductQuery } from '../../src/browse/productQuery';
import { CatalogIndex } from './catalogIndex';
import { testProduct } from './testing/testProduct';

const product = testProduct;

const CATALOG: Product[] = [
  product('runner', { name: 'Road Runner', discountedPrice: 80, createdAt: 5 }),
  product('boot', { name: 'Suede Boot', type: 'boots', discountedPrice: 150, createdAt: 4 }),
  product('dress', {
    name: 'Linen Dress',
    category: 'women',
    collection: 'spring',
    type: 'dresses',
    sizes: ['S', 'M'],
    discountedPrice: 60,
    originalPrice: 120,
    createdAt: 3,
  }),
  product('sold-out-42', {
    name: 'Court Sneaker',
    stock: { '41': 3, '42': 0 },
    discountedPrice: 90,
    createdAt: 2,
  }),
  product('cap', {
    name: 'Canvas Cap',
    type: 'caps',
    sizes: [],
    stock: { 'one size': 0 },
    discountedPrice: 20,
    originalPrice: 25,
    createdAt: 6,
  }),
];

const query = (address: string) => parseProductQuery(new URLSearchParams(address));
const ids = (json: readonly string[]) => json.map((text) => (JSON.parse(text) as Product).id);
const counts = (facet: ReadonlyArray<{ value: string; count: number }>) =>
  Object.fromEntries(facet.map(({ value, count }) => [value, count]));

function indexOf(products = CATALOG): CatalogIndex {
  const index = new CatalogIndex();
  index.load(products);
  return index;
}

test('a listing is one slice of the asked order, with the total of every page', () => {
  const index = indexOf();
  const all = index.list(query('sort=price-asc'), 0, 24);
  expect(ids(all.products)).toEqual(['cap', 'dress', 'runner', 'sold-out-42', 'boot']);
  const second = index.list(query('sort=price-asc'), 2, 2);
  expect(second.total).toBe(5);
  expect(ids(second.products)).toEqual(['runner', 'sold-out-42']);
  expect(ids(index.list(query(''), 0, 3).products)).toEqual(['cap', 'runner', 'boot']);
  expect(ids(index.list(query('sort=price-desc'), 0, 2).products)).toEqual(['boot', 'sold-out-42']);
});

test('each filter counts its options over the products that pass every other filter', () => {
  const found = indexOf().list(query('category=men&type=sneakers'), 0, 24);
  expect(ids(found.products)).toEqual(['runner', 'sold-out-42']);
  // Type counts ignore the type filter (what choosing boots would give), category likewise.
  expect(counts(found.facets.type)).toEqual({ boots: 1, caps: 1, sneakers: 2 });
  expect(counts(found.facets.category)).toEqual({ men: 2 });
  expect(counts(found.facets.collection)).toEqual({ fall: 2 });
});

test('sizes count and match only while in stock', () => {
  const index = indexOf();
  expect(counts(index.list(query('category=men'), 0, 24).facets.size)).toEqual({
    '41': 3,
    '42': 2,
  });
  expect(ids(index.list(query('size=42'), 0, 24).products)).toEqual(['runner', 'boot']);
});

test('prices bound what the shopper pays; an unknown filter value matches nothing', () => {
  const index = indexOf();
  expect(ids(index.list(query('min=60&max=90&sort=price-asc'), 0, 24).products)).toEqual([
    'dress',
    'runner',
    'sold-out-42',
  ]);
  const none = index.list(query('type=kilts'), 0, 24);
  expect(none.total).toBe(0);
  expect(counts(none.facets.type)).toEqual({ boots: 1, caps: 1, dresses: 1, sneakers: 2 });
});

test('search ranks by the engine, sorts when asked, and says which spelling it forgave', () => {
  const index = indexOf();
  expect(ids(index.list(query('q=runner'), 0, 24).products)).toEqual(['runner']);
  expect(ids(index.list(query('q=sneaker&sort=price-desc'), 0, 24).products)).toEqual([
    'sold-out-42',
    'runner',
  ]);
  const typo = index.list(query('q=sneakr'), 0, 24);
  expect(typo.correctedSearch).toBe('sneaker');
  expect(typo.total).toBe(2);
  expect(index.list(query('q=runner'), 0, 24).correctedSearch).toBeUndefined();
});

test('a changed product moves in every order and in search; a removed one is gone', () => {
  const index = indexOf();
  const before = index.version;
  index.put({ ...CATALOG[1]!, discountedPrice: 10, name: 'Suede Boot Chelsea' });
  expect(index.version).toBeGreaterThan(before);
  expect(ids(index.list(query('sort=price-asc'), 0, 2).products)).toEqual(['boot', 'cap']);
  expect(ids(index.list(query('q=chelsea'), 0, 24).products)).toEqual(['boot']);
  index.remove('boot');
  expect(index.size).toBe(4);
  expect(index.list(query('q=chelsea'), 0, 24).total).toBe(0);
  expect(ids(index.list(query('sort=price-asc'), 0, 24).products)).not.toContain('boot');
  index.put(product('new', { createdAt: 99, name: 'New Arrival' }));
  expect(ids(index.list(query(''), 0, 1).products)).toEqual(['new']);
});

test('a price or stock change keeps what search finds, and a search shows the new price and stock', () => {
  const index = indexOf();
  const sneakers = (address: string) => index.list(query(address), 0, 24);
  expect(ids(sneakers('q=sneaker&sort=price-asc').products)).toEqual(['runner', 'sold-out-42']);
  // The court sneaker becomes the cheapest and its size 41 sells out: same text, new facts.
  index.put({ ...CATALOG[3]!, discountedPrice: 10, stock: { '41': 0, '42': 0 } });
  const after = sneakers('q=sneaker&sort=price-asc');
  expect(ids(after.products)).toEqual(['sold-out-42', 'runner']);
  expect(JSON.parse(after.products[0]!)).toMatchObject({ discountedPrice: 10 });
  expect(ids(sneakers('q=sneaker&size=41').products)).toEqual(['runner']);
  // A new name is searched as such at once.
  index.put({ ...CATALOG[3]!, name: 'Court Classic' });
  expect(ids(sneakers('q=classic').products)).toEqual(['sold-out-42']);
});

test('home: the newest that can be bought, the best reductions, products per collection', () => {
  const sets = indexOf().home(2);
  expect(ids(sets.newArrivals)).toEqual(['runner', 'boot']); // the cap is sold out
  expect(ids(sets.featured)).toEqual(['dress', 'runner']);
  expect(sets.collections).toEqual([
    { value: 'fall', count: 4 },
    { value: 'spring', count: 1 },
  ]);
});

test('related: same type first, never itself nor sold out, bounded; unknown id is null', () => {
  const index = indexOf([
    ...CATALOG,
    product('trainer', { name: 'Trainer', createdAt: 7 }),
    product('jacket', { name: 'Jacket', type: 'jackets', createdAt: 8 }),
  ]);
  expect(ids(index.related('runner', 4)!)).toEqual(['trainer', 'sold-out-42', 'jacket', 'boot']);
  expect(ids(index.related('runner', 1)!)).toEqual(['trainer']);
  expect(index.related('nope', 4)).toBeNull();
});

test('complete the look: each basket line in turn, never a basket product, each once, bounded', () => {
  const index = indexOf([
    ...CATALOG,
    product('trainer', { name: 'Trainer', createdAt: 7 }),
    product('jacket', { name: 'Jacket', type: 'jackets', createdAt: 8 }),
    product('gown', { category: 'women', collection: 'spring', type: 'dresses', createdAt: 9 }),
    product('skirt', { category: 'women', collection: 'spring', type: 'skirts', createdAt: 10 }),
  ]);
  expect(ids(index.relatedToAll(['runner', 'dress', 'trainer'], 4))).toEqual([
    'gown',
    'sold-out-42',
    'skirt',
    'jacket',
  ]);
  expect(ids(index.relatedToAll(['nope', 'dress'], 4))).toEqual(['gown', 'skirt']);
  expect(ids(index.relatedToAll(['runner'], 1))).toEqual(['trainer']);
  expect(index.relatedToAll(['nope'], 4)).toEqual([]);
  // The cap (sold out) is never suggested, even beside another cap.
  expect(ids(index.relatedToAll(['boot'], 4))).not.toContain('cap');
});

test('a write of many products at once is placed like one at a time', () => {
  const bulk = new Map<string, Product | null>();
  for (let n = 0; n < 600; n += 1) {
    bulk.set(`p${n}`, product(`p${n}`, { discountedPrice: (n * 37) % 500, createdAt: n }));
  }
  bulk.set('boot', null);
  const index = indexOf();
  index.apply(bulk);
  const oneByOne = indexOf();
  for (const [id, value] of bulk) {
    if (value) oneByOne.put(value);
    else oneByOne.remove(id);
  }
  for (const address of ['sort=price-asc', 'sort=price-desc', '', 'q=p599']) {
    const a = index.list(query(address), 0, 48);
    const b = oneByOne.list(query(address), 0, 48);
    expect(a.total).toBe(address.startsWith('q=') ? 1 : 604);
    expect(b.total).toBe(a.total);
    expect(ids(a.products)).toEqual(ids(b.products));
  }
});

test('warming up changes nothing a shopper gets, and an empty catalog has nothing to warm', () => {
  const addresses = ['q=road', 'q=road&sort=price-asc', 'q=rodd', 'category=men&sort=newest', ''];
  const cold = indexOf();
  const before = addresses.map((address) => cold.list(query(address), 0, 24));
  const warm = indexOf();
  warm.warmUp();
  expect(addresses.map((address) => warm.list(query(address), 0, 24))).toEqual(before);
  expect(() => new CatalogIndex().warmUp()).not.toThrow();
});

test('a write of many price changes keeps what search finds, with the new prices', () => {
  const many = Array.from({ length: 600 }, (_, n) =>
    product(`p${n}`, { name: `Runner ${n}`, discountedPrice: 100 + n, createdAt: n }),
  );
  const index = indexOf(many);
  const cheapest = () => index.list(query('q=runner&sort=price-asc'), 0, 1);
  expect(ids(cheapest().products)).toEqual(['p0']);
  index.apply(new Map(many.map((p, n) => [p.id, { ...p, discountedPrice: 1_000 - n }])));
  const after = cheapest();
  expect(after.total).toBe(600);
  expect(ids(after.products)).toEqual(['p599']);
  expect(JSON.parse(after.products[0]!)).toMatchObject({ discountedPrice: 401 });
});
