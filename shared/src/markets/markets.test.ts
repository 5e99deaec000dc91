import { SHIPMENT_FEE } from '../constants';
import { isCurrency } from '../payments/money';
import marketData from './markets.json';
import { formatPrice } from '../pricing/pricing';
import {
  MARKETS,
  isLanguage,
  ROOT_MARKET,
  marketById,
  marketOfOrder,
  marketOfPath,
  pathInMarket,
  pathOutOfMarket,
} from './markets';

describe('markets', () => {
  it('are the United States at the root, Germany and the United Kingdom under their prefixes', () => {
    expect(MARKETS.map((m) => [m.id, m.pathPrefix, m.language, m.currency])).toEqual([
      ['us', '', 'en', 'USD'],
      ['de', '/de', 'de', 'EUR'],
      ['uk', '/uk', 'en', 'GBP'],
    ]);
    expect(ROOT_MARKET.id).toBe('us');
    // Prices with VAT in Europe, as the law there asks; without tax in the United States.
    expect(MARKETS.map((m) => [m.id, m.pricesIncludeTax])).toEqual([
      ['us', false],
      ['de', true],
      ['uk', true],
    ]);
    // Today's shop: the spec's constants (docs/product.md §9) are the root market's.
    expect(ROOT_MARKET).toMatchObject({
      locale: 'en-US',
      currency: 'USD',
      shippingFee: SHIPMENT_FEE,
    });
  });

  it('are well formed in markets.json: one root, each prefix its id, known languages and currencies', () => {
    const entries = marketData.markets as Array<Record<string, unknown>>;
    expect(entries.filter((entry) => entry.pathPrefix === '')).toHaveLength(1);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    for (const entry of entries) {
      const { id, name, pathPrefix, language, locale, currency, shippingFee, shipsTo } = entry;
      expect(typeof entry.pricesIncludeTax).toBe('boolean');
      expect(id).toMatch(/^[a-z]{2}$/);
      expect(typeof name === 'string' && name.length > 0).toBe(true);
      expect(pathPrefix === '' || pathPrefix === `/${String(id)}`).toBe(true);
      expect(isLanguage(language)).toBe(true);
      expect(Intl.NumberFormat.supportedLocalesOf([String(locale)])).toEqual([locale]);
      expect(isCurrency(currency)).toBe(true);
      expect(typeof shippingFee === 'number' && shippingFee >= 0).toBe(true);
      expect(Array.isArray(shipsTo) && shipsTo.every((c) => /^[A-Z]{2}$/.test(String(c)))).toBe(
        true,
      );
    }
  });

  it('finds the market of an address by its first segment only', () => {
    expect(marketOfPath('/de/').id).toBe('de');
    expect(marketOfPath('/de').id).toBe('de');
    expect(marketOfPath('/uk/products/x').id).toBe('uk');
    expect(marketOfPath('/').id).toBe('us');
    expect(marketOfPath('/products/de').id).toBe('us');
    expect(marketOfPath('/design').id).toBe('us');
    // The root market has no prefix of its own: /us/ is not its address.
    expect(marketOfPath('/us/').id).toBe('us');
    expect(marketOfPath('/fr/').id).toBe('us');
  });

  it('moves an address between markets', () => {
    const de = marketById('de')!;
    expect(pathInMarket(de, '/')).toBe('/de/');
    expect(pathInMarket(de, '/products/x?size=42')).toBe('/de/products/x?size=42');
    expect(pathInMarket(ROOT_MARKET, '/products/x')).toBe('/products/x');
    expect(pathOutOfMarket('/de/products/x')).toBe('/products/x');
    expect(pathOutOfMarket('/de')).toBe('/');
    expect(pathOutOfMarket('/products/x')).toBe('/products/x');
  });

  it('writes prices in each market’s own way, the US one exactly as before', () => {
    expect(formatPrice(189.99)).toBe('$189.99');
    expect(formatPrice(189.99, ROOT_MARKET)).toBe('$189.99');
    expect(formatPrice(1189.5, marketById('de')!).replace(/\s/g, ' ')).toBe('1.189,50 €');
    expect(formatPrice(189.99, marketById('uk')!)).toBe('£189.99');
  });
});

describe('marketOfOrder', () => {
  it('is the market of the order’s currency; an order without one is a US dollar order', () => {
    expect(marketOfOrder({}).id).toBe('us');
    expect(marketOfOrder({ currency: 'USD' }).id).toBe('us');
    expect(marketOfOrder({ currency: 'EUR' }).id).toBe('de');
    expect(marketOfOrder({ currency: 'GBP', market: 'uk' }).id).toBe('uk');
  });

  it('trusts the currency over a market that does not charge it', () => {
    expect(marketOfOrder({ currency: 'EUR', market: 'us' }).id).toBe('de');
    expect(marketOfOrder({ currency: 'USD', market: 'nope' }).id).toBe('us');
  });
});
