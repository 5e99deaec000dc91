// Discount codes in markets (decision 5101): a fixed-amount code applies in a currency it has an
// amount in, and says so where it has none.
import { installFakeBackend, uninstallFakeBackend } from '@shop/shared/testing';
import { appliedMessage, discountMessage, lookupDiscount } from './discountCodes';

const TENOFF = {
  code: 'TENOFF',
  discountType: 'AMOUNT',
  amounts: { USD: 10, EUR: 10, GBP: 8 },
  description: '10 off',
};
const germany = { locale: 'de-DE', currency: 'EUR' };
const spaces = (text: string) => text.replace(/\s/g, ' ');

beforeEach(() => {
  const { db } = installFakeBackend();
  db.set('discounts/TENOFF', TENOFF);
  db.set('discounts/DOLLARSOFF', { ...TENOFF, code: 'DOLLARSOFF', amounts: { USD: 5, JPY: 500 } });
});
afterEach(() => uninstallFakeBackend());

describe('a fixed-amount code', () => {
  it('applies with its amounts, and says its amount in the basket’s currency', async () => {
    const inDollars = await lookupDiscount('tenoff');
    expect(inDollars).toEqual({
      status: 'applied',
      discount: {
        isDiscount: true,
        discountType: 'AMOUNT',
        discountCode: 'TENOFF',
        amounts: { USD: 10, EUR: 10, GBP: 8 },
      },
    });
    expect(discountMessage(inDollars)).toBe('Code TENOFF applied: $10.00 off.');
    const inEuros = await lookupDiscount('TENOFF', 'EUR');
    expect(spaces(discountMessage(inEuros, undefined, germany))).toBe(
      'Code TENOFF applied: 10,00 € off.',
    );
  });

  it('keeps only the amounts of currencies we charge in (the rules check each)', async () => {
    const lookup = await lookupDiscount('DOLLARSOFF');
    expect(lookup.status === 'applied' && lookup.discount.amounts).toEqual({ USD: 5 });
  });

  it('does not apply in a currency it has no amount in, and says so', async () => {
    const lookup = await lookupDiscount('DOLLARSOFF', 'EUR');
    expect(lookup).toEqual({ status: 'not-here', code: 'DOLLARSOFF', currency: 'EUR' });
    expect(discountMessage(lookup, undefined, germany)).toBe(
      'The discount code "DOLLARSOFF" can\'t be used for a basket in EUR.',
    );
  });

  it('a basket carried into another currency: the applied code says it does not apply there', () => {
    const carried = {
      isDiscount: true,
      discountType: 'AMOUNT' as const,
      discountCode: 'DOLLARSOFF',
      amounts: { USD: 5 },
    };
    expect(appliedMessage(carried, undefined, germany)).toBe(
      "Code DOLLARSOFF can't be used for a basket in EUR.",
    );
  });
});

describe('percent and free-shipment codes', () => {
  it('read as before, in any currency', () => {
    const save10 = { isDiscount: true, discountType: 10, discountCode: 'SAVE10' };
    expect(appliedMessage(save10)).toBe('Code SAVE10 applied: 10% off.');
    expect(appliedMessage(save10, undefined, germany)).toBe('Code SAVE10 applied: 10% off.');
  });
});
