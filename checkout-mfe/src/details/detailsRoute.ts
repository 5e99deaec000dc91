// The data of /checkout/details (route module "./details"): what the details form starts with.
import { type PersonalInformation, bus, getData } from '@shop/shared';
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
import type { DetailsFormProps } from './DetailsForm';

const filled = (source: Partial<Record<string, string | undefined>>) =>
  Object.fromEntries(
    PERSONAL_FIELDS.flatMap((f) => {
      const value = source[f];
      return typeof value === 'string' && value.trim() !== '' ? [[f, value]] : [];
    }),
  );

/**
 * What the form starts with: this checkout's draft (what the shopper typed before a reload or
 * an error) over a signed-in shopper's stored personal information over the account's email.
 */
export async function detailsLoader(): Promise<DetailsFormProps> {
  await waitForSession();
  const auth = bus.auth$.getValue();
  const accountUid = signedInAccount(auth);
  let stored: Partial<PersonalInformation> = {};
  if (accountUid) {
    const result = await getData<Partial<PersonalInformation>>(
      ORDER_PATHS.personalInformation(accountUid),
    );
    if (result.status === 200 && result.response) stored = result.response;
  }
  const draft = readDraft();
  const payment = draft[PAYMENT_FIELD] ?? '';
  return {
    initial: {
      ...(accountUid && auth.email ? { email: auth.email } : {}),
      ...filled(stored),
      ...filled(draft),
      [PAYMENT_FIELD]: isPaymentMethod(payment) ? payment : DEFAULT_PAYMENT_METHOD,
    },
  };
}
