// An order's staff index entry in markets (decision 5101): a total in another currency names it.
import { staffOrderEntryOf } from './staffVocabulary';

const order = {
  number: 'TL-7F3K2Q',
  timestamp: 1_700_000_000_000,
  status: 'placed' as const,
  totalPrice: 143.95,
  totalQuantity: 1,
  paymentMethod: 'card',
  personalInformation: { email: ' Ada@Example.com ' },
};

describe('staffOrderEntryOf', () => {
  it('a US dollar order: the entry as before, without a currency', () => {
    const entry = staffOrderEntryOf({ ...order, currency: 'USD' });
    expect(entry).toEqual(staffOrderEntryOf(order));
    expect(entry).not.toHaveProperty('currency');
    expect(entry).toMatchObject({ total: 143.95, email: 'ada@example.com' });
  });

  it('an order in euros: its total and its currency', () => {
    expect(staffOrderEntryOf({ ...order, currency: 'EUR' })).toMatchObject({
      total: 143.95,
      currency: 'EUR',
    });
  });
});
