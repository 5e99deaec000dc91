import {
  ADDRESS_BOOK_SIZE,
  ADDRESS_KEYS,
  EMPTY_ADDRESS_BOOK,
  type AddressBook,
} from '@shop/shared/address-book';
import { NEW_ADDRESS } from './AddressPicker';
import { offersAddressSave, paymentInputId } from './detailsFormLogic';
import { SAMPLE_ADDRESS } from '@shop/shared/testing/sampleAddress';

const address = SAMPLE_ADDRESS;
const bookOf = (size: number): AddressBook => ({
  entries: ADDRESS_KEYS.slice(0, size).map((key) => ({ key, address })),
  defaultKey: size > 0 ? 'a0' : null,
});

describe('paymentInputId', () => {
  it('names each payment radio by its value, spaces as dashes', () => {
    expect(paymentInputId('card')).toBe('payment-card');
    expect(paymentInputId('cash on delivery')).toBe('payment-cash-on-delivery');
  });
});

describe('offersAddressSave', () => {
  it('offers to save a new address when the book has room', () => {
    expect(offersAddressSave(EMPTY_ADDRESS_BOOK, NEW_ADDRESS)).toBe(true);
    expect(offersAddressSave(bookOf(ADDRESS_BOOK_SIZE - 1), NEW_ADDRESS)).toBe(true);
  });

  it('does not offer it for a saved address, a full book or a guest', () => {
    expect(offersAddressSave(bookOf(2), 'a1')).toBe(false);
    expect(offersAddressSave(bookOf(ADDRESS_BOOK_SIZE), NEW_ADDRESS)).toBe(false);
    expect(offersAddressSave(null, NEW_ADDRESS)).toBe(false);
  });
});
