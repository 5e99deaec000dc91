// Route module "./address-book" (/account/address-book). Loader of /account/address-book
// (docs/decisions/4202-address-book.md). The page saves through @shop/shared/address-book itself:
// each change is one small write whose result it shows at once.
import { loadAddressBook } from '@shop/shared/address-book';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireAccountUid } from '../session/accountSession';
import { AddressBookPage } from './AddressBookPage';
import { messages } from '../messages';

export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  // Not awaited: the page shows 'Loading address book...' until it arrives.
  return { uid, addressBook: loadAddressBook(uid) };
}

export const handle = { title: 'Address book', messages };
export const Component = AddressBookPage;
