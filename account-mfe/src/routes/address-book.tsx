// Exposed route module './address-book' (/account/address-book).
import { AddressBookPage } from '../address-book/AddressBookPage';
import { addressBookLoader } from '../address-book/addressBookRoute';

export const handle = { title: 'Address book' };
export const loader = addressBookLoader;
export const Component = AddressBookPage;
