// The details step's small rules, kept apart from its markup so they can be tested alone.
import { freeAddressKey, type AddressBook } from '@shop/shared/address-book';
import { NEW_ADDRESS } from './AddressPicker';

/** The id of a payment method's radio button: its value with spaces as dashes. */
export const paymentInputId = (method: string) => `payment-${method.replace(/\s+/g, '-')}`;

/**
 * Offer "Save this address to my address book": a signed-in shopper (a readable book) whose form
 * holds a new address (no saved one) and whose book has room for it.
 */
export function offersAddressSave(book: AddressBook | null, chosen: string): boolean {
  return book !== null && chosen === NEW_ADDRESS && freeAddressKey(book) !== null;
}
