import { SHIPMENT_FEE } from '../constants';
import {
  discountFactor,
  fixedDiscountIn,
  formatPrice,
  priceLines,
  roundToCents,
  shipmentFor,
} from './pricing';

describe('formatPrice', () => {
  it('shows a dollar sign and two decimals', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1234.567)).toBe('$1,234.57');
    expect(formatPrice(9.99)).toBe('$9.99');
    expect(formatPrice(Number.NaN)).toBe('$0.00');
  });
});

describe('discountFactor', () => {
  it('is 1 - d/100 for a percentage d of 10..99 (spec: 1 minus 0.d)', () => {
    expect(discountFactor(10)).toBeCloseTo(0.9);
    expect(discountFactor(25)).toBeCloseTo(0.75);
    expect(discountFactor(99)).toBeCloseTo(0.01);
  });
  it('is 1 for SHIPMENT, null and out-of-range or fractional numbers', () => {
    expect(discountFactor('SHIPMENT')).toBe(1);
    expect(discountFactor(null)).toBe(1);
    expect(discountFactor(5)).toBe(1);
    expect(discountFactor(100)).toBe(1);
    expect(discountFactor(12.5)).toBe(1);
  });
});

describe('shipment', () => {
  it('is the fee, zero with SHIPMENT or an empty basket', () => {
    expect(SHIPMENT_FEE).toBe(9.99);
    expect(shipmentFor(null)).toBe(SHIPMENT_FEE);
    expect(shipmentFor(20)).toBe(SHIPMENT_FEE);
    expect(shipmentFor('SHIPMENT')).toBe(0);
    expect(shipmentFor(null, false)).toBe(0);
  });
});

describe('priceLines', () => {
  const lines = [
    { discountedPrice: 49.99, quantity: 2 },
    { discountedPrice: 20, quantity: 1 },
  ];

  it('without a discount: products + shipment', () => {
    expect(priceLines(lines, null)).toEqual({
      productsTotal: 119.98,
      discountAmount: 0,
      shipment: 9.99,
      total: 129.97,
    });
  });

  it('with a percentage: the factor applies to the discounted prices, shipment added', () => {
    expect(priceLines(lines, { isDiscount: true, discountType: 20 })).toEqual({
      productsTotal: 119.98,
      discountAmount: 24,
      shipment: 9.99,
      total: 105.97,
    });
  });

  it('with SHIPMENT: products only, no shipment', () => {
    expect(priceLines(lines, { isDiscount: true, discountType: 'SHIPMENT' })).toEqual({
      productsTotal: 119.98,
      discountAmount: 0,
      shipment: 0,
      total: 119.98,
    });
  });

  it('ignores a discount that is not active', () => {
    expect(priceLines(lines, { isDiscount: false, discountType: 50 }).total).toBe(129.97);
  });

  it('rounds to cents and charges nothing for an empty basket', () => {
    expect(priceLines([{ discountedPrice: 0.1, quantity: 3 }], null).productsTotal).toBe(0.3);
    expect(priceLines([], null)).toEqual({
      productsTotal: 0,
      discountAmount: 0,
      shipment: 0,
      total: 0,
    });
  });

  it('roundToCents rounds half away from zero', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
    expect(roundToCents(-2.345)).toBe(-2.35);
  });
});

describe('priceLines in a market (decision 5101)', () => {
  const lines = [
    { discountedPrice: 49.99, quantity: 2 },
    { discountedPrice: 20, quantity: 1 },
  ];
  const germany = { currency: 'EUR', shippingFee: 4.95 };
  const britain = { currency: 'GBP', shippingFee: 3.99 };
  const tenOff = {
    isDiscount: true,
    discountType: 'AMOUNT' as const,
    amounts: { USD: 10, EUR: 10, GBP: 8 },
  };

  it('without a market: the United States, $9.99 shipment, as before', () => {
    expect(priceLines(lines, null)).toEqual(
      priceLines(lines, null, { currency: 'USD', shippingFee: 9.99 }),
    );
    expect(priceLines(lines, null).shipment).toBe(9.99);
  });

  it("takes the market's shipping fee", () => {
    expect(priceLines(lines, null, germany)).toEqual({
      productsTotal: 119.98,
      discountAmount: 0,
      shipment: 4.95,
      total: 124.93,
    });
    expect(priceLines(lines, null, britain).shipment).toBe(3.99);
    expect(
      priceLines(lines, { isDiscount: true, discountType: 'SHIPMENT' }, germany).shipment,
    ).toBe(0);
    expect(priceLines([], null, germany).total).toBe(0);
  });

  it("a fixed-amount code takes its amount in the basket's currency off the products", () => {
    expect(priceLines(lines, tenOff)).toEqual({
      productsTotal: 119.98,
      discountAmount: 10,
      shipment: 9.99,
      total: 119.97,
    });
    expect(priceLines(lines, tenOff, germany)).toMatchObject({ discountAmount: 10, total: 114.93 });
    expect(priceLines(lines, tenOff, britain)).toMatchObject({ discountAmount: 8, total: 115.97 });
  });

  it('never takes more than the products cost; the shipment is still paid', () => {
    const cheap = [{ discountedPrice: 6.5, quantity: 1 }];
    expect(priceLines(cheap, tenOff, germany)).toEqual({
      productsTotal: 6.5,
      discountAmount: 6.5,
      shipment: 4.95,
      total: 4.95,
    });
  });

  it('a code with no amount in the currency takes nothing there', () => {
    const dollarsOnly = { isDiscount: true, discountType: 'AMOUNT' as const, amounts: { USD: 10 } };
    expect(priceLines(lines, dollarsOnly, germany)).toMatchObject({
      discountAmount: 0,
      total: 124.93,
    });
    expect(fixedDiscountIn('AMOUNT', { USD: 10 }, 'EUR')).toBeNull();
    expect(fixedDiscountIn('AMOUNT', { EUR: 10 }, 'EUR')).toBe(10);
    expect(fixedDiscountIn('AMOUNT', { EUR: -1 }, 'EUR')).toBeNull();
    expect(fixedDiscountIn(10, { EUR: 10 }, 'EUR')).toBeNull();
    expect(discountFactor('AMOUNT')).toBe(1);
  });

  it('shipmentFor takes a fee', () => {
    expect(shipmentFor(null, true, 4.95)).toBe(4.95);
    expect(shipmentFor('SHIPMENT', true, 4.95)).toBe(0);
    expect(shipmentFor('AMOUNT')).toBe(SHIPMENT_FEE);
  });
});
