// Every market over one index (decision 5101): another language's search is built when first
// needed, and answers as one built with the catalog would.
import { parseProductQuery } from '../../src/browse/productQuery';
import { CatalogMarkets } from './catalogMarkets';

/** A stored record sold in every market, its German name `german`. */
const record = (id: string, german: string, createdAt: number) => ({
  name: `Wool Coat ${id}`,
  originalPrice: 100,
  discountedPrice: 90,
  prices: {
    EUR: { originalPrice: 110, discountedPrice: 99 },
    GBP: { originalPrice: 95, discountedPrice: 85 },
  },
  translations: { de: { name: german, description: 'Ein warmer Mantel' } },
  category: 'men',
  collection: 'fall',
  type: 'coats',
  sizes: ['M'],
  colours: ['Black'],
  createdAt,
});

const RECORDS = Object.fromEntries(
  Array.from({ length: 40 }, (_, n) => [`coat-${n}`, record(`coat-${n}`, 'Wollmantel', n)]),
);

function marketsOf(records: Record<string, unknown> = RECORDS): CatalogMarkets {
  const markets = CatalogMarkets.of();
  const loading = markets.startLoad();
  for (const [id, raw] of Object.entries(records)) loading.add(id, raw);
  loading.finish();
  return markets;
}

/** The German search's answer to `q`, as ids (relevance: ties in the order written). */
const german = (markets: CatalogMarkets, q: string) =>
  markets
    .index('de')!
    .list(parseProductQuery(new URLSearchParams({ q, per: '48' })), 0, 48)
    .products.map((card) => (JSON.parse(card) as { id: string }).id);

test('a German search asked before its index is built waits for it, then answers', async () => {
  const markets = marketsOf();
  const waiting = markets.whenSearchable('de');
  expect(waiting).not.toBeNull();
  expect(markets.whenSearchable('uk')).toBeNull();
  await waiting;
  expect(markets.whenSearchable('de')).toBeNull();
  expect(german(markets, 'Wollmantel')).toHaveLength(40);
});

test('a price change keeps a product among its ties; a new German name puts it last', () => {
  const markets = marketsOf();
  const before = german(markets, 'Wollmantel');
  markets.apply(
    new Map([['coat-3', { ...RECORDS['coat-3'], prices: { EUR: { originalPrice: 50 } } }]]),
  );
  expect(german(markets, 'Wollmantel')).toEqual(before);
  const renamed = record('coat-5', 'Wollmantel lang', 5);
  markets.apply(new Map([['coat-5', renamed]]));
  const after = german(markets, 'Wollmantel');
  expect(after.at(-1)).toBe('coat-5');
  expect(after.slice(0, -1)).toEqual(before.filter((id) => id !== 'coat-5'));
});

test('writes while the German search is built in steps answer as if it had been built first', async () => {
  // Enough products for several steps of the build (each some milliseconds).
  const many = Object.fromEntries(
    Array.from({ length: 3_000 }, (_, n) => [`coat-${n}`, record(`coat-${n}`, 'Wollmantel', n)]),
  );
  const built = marketsOf(many);
  german(built, 'Wollmantel'); // built at once
  const stepping = marketsOf(many);
  let steps = 0;
  const done = stepping.buildSearches().then(() => steps);
  const write = (id: string, raw: unknown) => {
    built.apply(new Map([[id, raw]]));
    stepping.apply(new Map([[id, raw]]));
  };
  for (let n = 0; stepping.whenSearchable('de') !== null; n += 1) {
    if (n % 4 === 0) write(`coat-${n}`, record(`coat-${n}`, 'Wollmantel kurz', n));
    if (n % 4 === 1) write(`coat-${2_999 - n}`, null);
    if (n % 4 === 2) write(`coat-${n * 7}`, { ...many[`coat-${n * 7}`], discountedPrice: 10 });
    if (n % 4 === 3) write(`new-${n}`, record(`new-${n}`, 'Wollmantel neu', n));
    steps += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await done).toBeGreaterThan(2);
  for (const q of ['Wollmantel', 'kurz', 'Mantel', 'wool coat']) {
    expect(german(stepping, q)).toEqual(german(built, q));
  }
});

test('builds the German search resting between steps until a search in German waits for it', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'performance', 'nextTick', 'queueMicrotask'] });
  try {
    const markets = marketsOf();
    const toBuild = () => markets.root.market('de')?.searchToBuild ?? null;
    const background = markets.buildSearches();
    // Its first step waits for a rest (the fake clock does not move): nothing is built yet.
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(toBuild()?.isBuilt).toBe(false);
    expect(markets.searchesBuilt).toBe(false);
    // A German search asks: the build goes on at once, without its rests.
    await markets.whenSearchable('de');
    await background;
    expect(toBuild()).toBeNull();
    expect(markets.searchesBuilt).toBe(true);
    expect(german(markets, 'Wollmantel').length).toBeGreaterThan(0);
  } finally {
    jest.useRealTimers();
  }
});
