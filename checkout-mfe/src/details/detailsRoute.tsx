// Route module "./details": /checkout/details (docs/product.md §2). The data of /checkout/details:
// what the details form starts with.
import { type PersonalInformation, bus, getData } from '@shop/shared';
import { defaultEntry, loadAddressBook } from '@shop/shared/address-book';
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import { readDraft } from '../order/checkoutStorage';
import {
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_FIELD,
  PERSONAL_FIELDS,
  isPaymentMethod,
} from '../order/orderForm';
import { signedInAccount } from '../order/placeOrder';
import { waitForSession } from '../session/waitForSession';
import { type DetailsFormProps, DetailsForm } from './DetailsForm';
import { useLoaderData } from 'react-router-dom';
import { messages } from '../messages';

const filled = (source: Partial<Record<string, string | undefined>>) =>
  Object.fromEntries(
    PERSONAL_FIELDS.flatMap((f) => {
      const value = source[f];
      return typeof value === 'string' && value.trim() !== '' ? [[f, value]] : [];
    }),
  );

/**
 * What the form starts with: this checkout's draft (what the shopper typed before a reload or
 * an error) over a signed-in shopper's default address (docs/decisions/4202-address-book.md)
 * over their stored personal information over the account's email.
 */
export async function loader(): Promise<DetailsFormProps> {
  await waitForSession();
  const auth = bus.auth$.getValue();
  const accountUid = signedInAccount(auth);
  let stored: Partial<PersonalInformation> = {};
  let addressBook: DetailsFormProps['addressBook'] = null;
  if (accountUid) {
    const [result, book] = await Promise.all([
      getData<Partial<PersonalInformation>>(ORDER_PATHS.personalInformation(accountUid)),
      loadAddressBook(accountUid),
    ]);
    if (result.status === 200 && result.response) stored = result.response;
    // Unreadable: the form as a guest has it, nothing is lost.
    if (book.ok) addressBook = { accountUid, book: book.value };
  }
  const chosen = addressBook ? defaultEntry(addressBook.book) : null;
  const draft = readDraft();
  const payment = draft[PAYMENT_FIELD] ?? '';
  return {
    initial: {
      ...(accountUid && auth.email ? { email: auth.email } : {}),
      ...filled(stored),
      ...(chosen ? filled(chosen.address) : {}),
      ...filled(draft),
      [PAYMENT_FIELD]: isPaymentMethod(payment) ? payment : DEFAULT_PAYMENT_METHOD,
    },
    addressBook,
  };
}

export const handle = { title: 'Your details', messages };

export function Component() {
  const { initial, addressBook } = useLoaderData() as DetailsFormProps;
  return <DetailsForm initial={initial} addressBook={addressBook ?? null} />;
}
