// The order function's pure parts in markets (decision 5101): the request's market, a stored
// code's amounts and the pricing of an order in its market's currency with its shipping fee. The
// handler over a real database: functions/test/placeOrder.test.ts.
import { marketById } from '@shop/shared/markets/markets';
import type { Product } from '@shop/shared/types';
import { amountsOf, marketOfRequest, parseOrderRequest, priceOrder } from './placeOrder';

const info = {
  address: '1 Main Street',
  city: 'Berlin',
  country: 'Germany',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  tel: '+49 301 234567',
  zipCode: '10115',
};
const request = (extra: Record<string, unknown> = {}) => ({
  orderKey: '-Nabcdefghij0123456_',
  personalInformation: info,
  paymentMethod: 'card',
  ...extra,
});

describe('the market of an order request', () => {
  it('is the United States without one, as every checkout before markets sent', () => {
    expect(parseOrderRequest(request()).market.id).toBe('us');
    expect(marketOfRequest(undefined).currency).toBe('USD');
  });

  it('is the market named', () => {
    expect(parseOrderRequest(request({ market: 'de' })).market).toMatchObject({
      id: 'de',
      currency: 'EUR',
      shippingFee: 4.95,
    });
    expect(parseOrderRequest(request({ market: 'uk' })).market.currency).toBe('GBP');
  });

  it.each(['fr', 'DE', '', 1, null, { id: 'de' }])('refuses %j: 400 unknown-market', (market) => {
    expect(() => parseOrderRequest(request({ market }))).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'unknown-market',
        message: 'market must be one of: us, de, uk.',
      }),
    );
  });
});

describe("a stored code's amounts", () => {
  it('keeps the currencies we charge in, with a number', () => {
    expect(amountsOf({ USD: 10, EUR: 10, GBP: 8 })).toEqual({ USD: 10, EUR: 10, GBP: 8 });
    expect(amountsOf({ USD: 10, JPY: 1000, EUR: '10' })).toEqual({ USD: 10 });
    expect(amountsOf(null)).toEqual({});
    expect(amountsOf(10)).toEqual({});
  });
});

describe('priceOrder', () => {
  const boot = {
    id: 'boot',
    name: 'Stiefel',
    imageUrl: '/boot.svg',
    alt: '',
    annotation: '',
    originalPrice: 149,
    discountedPrice: 139,
    description: '',
    category: 'men',
    collection: 'fall',
    sizes: ['42'],
    colours: [],
    createdAt: 0,
  } as Product;
  const products = new Map([['boot', boot]]);
  const lines = [{ id: 'boot', size: '42', quantity: 2 }];
  const none = { isDiscount: false, discountType: '' as const, discountCode: '' };

  it("prices in the market's currency with its shipping fee, and records both", () => {
    expect(priceOrder(lines, products, none, marketById('de'))).toMatchObject({
      totalPrice: 282.95,
      shipment: 4.95,
      totalQuantity: 2,
      currency: 'EUR',
      market: 'de',
    });
  });

  it('without a market: the United States, $9.99', () => {
    expect(priceOrder(lines, products, none)).toMatchObject({
      totalPrice: 287.99,
      shipment: 9.99,
      currency: 'USD',
      market: 'us',
    });
  });

  it("takes a fixed-amount code's amount in the order's currency", () => {
    const tenOff = {
      isDiscount: true,
      discountType: 'AMOUNT' as const,
      discountCode: 'TENOFF',
      amounts: { GBP: 8 },
    };
    expect(priceOrder(lines, products, tenOff, marketById('uk'))).toMatchObject({
      totalPrice: 273.99,
      shipment: 3.99,
      currency: 'GBP',
    });
  });
});
