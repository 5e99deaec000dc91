import { type Market, ROOT_MARKET, bus, marketById, setDatabaseFetch } from '@shop/shared';
import { clearProductCache, lookupProduct } from './productLines';

// One stored record, as the catalog publishes it (decision 5101): US dollars of its own, a euro
// price list and German texts; no pound price.
const record = {
  name: 'Suede Chelsea Boot',
  originalPrice: 159,
  discountedPrice: 139,
  colours: ['Tobacco', 'Black'],
  prices: { EUR: { originalPrice: 146.95, discountedPrice: 128.58 } },
  translations: { de: { name: 'Chelsea Boot aus Veloursleder', colours: ['Tabak', 'Schwarz'] } },
};
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  clearProductCache();
  setDatabaseFetch(async (input) => {
    asked.push(new URL(input).pathname);
    return new Response(JSON.stringify(record), { status: 200 });
  });
});
afterEach(() => {
  setDatabaseFetch(null);
  bus.market$.next(ROOT_MARKET);
});

const germany = marketById('de') as Market;

test("a basket line's product is read in the market's currency and language", async () => {
  expect(await lookupProduct('boot', 0, germany)).toMatchObject({
    status: 'found',
    product: {
      name: 'Chelsea Boot aus Veloursleder',
      originalPrice: 146.95,
      discountedPrice: 128.58,
      colours: ['Tobacco', 'Black'],
      colourLabels: ['Tabak', 'Schwarz'],
    },
  });
  expect(await lookupProduct('boot', 0, ROOT_MARKET)).toMatchObject({
    status: 'found',
    product: { name: 'Suede Chelsea Boot', discountedPrice: 139 },
  });
});

test("without a price in the market's currency the product is not sold there: missing", async () => {
  expect(await lookupProduct('boot', 0, marketById('uk') as Market)).toEqual({ status: 'missing' });
});

test("outside React the page's market is the bus's", async () => {
  bus.market$.next(germany);
  expect(await lookupProduct('boot')).toMatchObject({ product: { discountedPrice: 128.58 } });
});

test('one read per product and market while fresh', async () => {
  await lookupProduct('boot', 10_000, germany);
  await lookupProduct('boot', 10_000, germany);
  await lookupProduct('boot', 10_000, ROOT_MARKET);
  expect(asked).toHaveLength(2);
});
