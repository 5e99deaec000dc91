import { FIELD_META } from '../validation/fieldMeta';
import { ORDER_PERSONAL_FIELDS, PAYMENT_METHOD_VALUES, isPaymentMethod } from './orderFields';

describe('order fields', () => {
  it('lists the seven personal fields of the details form, each with its form metadata', () => {
    expect(ORDER_PERSONAL_FIELDS).toEqual([
      'name',
      'email',
      'tel',
      'address',
      'city',
      'zipCode',
      'country',
    ]);
    for (const field of ORDER_PERSONAL_FIELDS) expect(FIELD_META[field]).toBeDefined();
  });

  it('knows the three payment methods and nothing else', () => {
    expect(PAYMENT_METHOD_VALUES.every(isPaymentMethod)).toBe(true);
    for (const other of ['', 'Card', 'paypal', 'constructor', 'card ']) {
      expect(isPaymentMethod(other)).toBe(false);
    }
  });
});
