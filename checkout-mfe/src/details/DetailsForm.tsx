// The details step (docs/product.md §2 fields, labels, placeholders and input types; §5 validation, 500 ms
// after input and shown once touched; §4 submit rule). It posts to /checkout-successful, whose
// action sends the order.
import { toast, useAuth, useCart, useMessages } from '@shop/shared';
import { usePageNavigation } from '@shop/shared/routes/pageNavigation';
import { messages } from '../messages';
import {
  ADDRESS_FIELDS,
  addAddress,
  toAddress,
  type AddressBook,
  type AddressEntry,
} from '@shop/shared/address-book';
import { useValidatedForm } from '@shop/shared/forms';
import { useEffect, useState, type FormEvent } from 'react';
import { Form, useSubmit } from 'react-router-dom';
import { AddressPicker, NEW_ADDRESS, chosenAddressKey, valuesFor } from './AddressPicker';
import {
  AccountPasswordField,
  BasketLine,
  ContactFields,
  DeliveryAddressFields,
  EmptyBasketDetails,
  PaymentMethodFields,
  PlaceOrderActions,
} from './DetailsFormParts';
import { offersAddressSave } from './detailsFormLogic';
import { ProviderCardFields } from '../payment/ProviderCardFields';
import { useCardPayment } from '../payment/useCardPayment';
import { writeDraft } from '../order/checkoutStorage';
import {
  PAYMENT_FIELD,
  PAYMENT_METHOD_MESSAGE,
  PERSONAL_FIELDS,
  isPaymentMethod,
  validateOptionalPassword,
} from '../order/orderForm';
import './details.css';
import { CHECKOUT_PATHS } from '../routes/ownPaths';

const FORM_FIELDS = [...PERSONAL_FIELDS, PAYMENT_FIELD] as const;
type FormField = (typeof FORM_FIELDS)[number];
const FORM_VALIDATORS = {
  [PAYMENT_FIELD]: (value: string) => (isPaymentMethod(value) ? '' : PAYMENT_METHOD_MESSAGE),
};
/** The password is optional, so it lives in its own form: it never blocks the submit when empty. */
const PASSWORD_FIELDS = ['password'] as const;
const PASSWORD_VALIDATORS = { password: validateOptionalPassword };

export const ORDER_ACTION = CHECKOUT_PATHS.confirmation;

export { SAVE_ADDRESS_LABEL } from './DetailsFormParts';

export interface DetailsFormProps {
  initial: Partial<Record<FormField, string>>;
  /** A signed-in shopper's address book (empty or not); null for a guest or when unreadable. */
  addressBook?: { accountUid: string; book: AddressBook } | null;
}

/**
 * Saves a new address to the shopper's book, then posts the order form (the address book is the
 * account's, not the order's: saved first, whatever the outcome the order goes).
 */
function useSaveAddressThenOrder(addressBook: DetailsFormProps['addressBook']) {
  const t = useMessages(messages);
  const submit = useSubmit();
  const [saving, setSaving] = useState(false);
  function saveThenOrder(form: HTMLFormElement, values: Record<string, string>) {
    if (!addressBook) return;
    setSaving(true);
    void addAddress(addressBook.accountUid, addressBook.book, toAddress(values)).then((result) => {
      if (result.ok) toast.success(t('Address saved to your address book.'));
      else toast.error(t("This address couldn't be saved to your address book."));
      void submit(form, { method: 'post', action: ORDER_ACTION });
    });
  }
  return { saving, saveThenOrder };
}

/**
 * The form's submit: held back (and every field checked) until the §4 rule allows it; with a
 * step `before` the order (a card to confirm, an address to save), that step sends the form.
 */
function submitHandler(options: {
  canSubmit: boolean;
  submitting: boolean;
  validateAll: () => void;
  before: ((form: HTMLFormElement, send: (form: HTMLFormElement) => void) => unknown) | null;
  send: (form: HTMLFormElement) => void;
}) {
  return (event: FormEvent<HTMLFormElement>) => {
    // Enter in a field submits too.
    if (!options.canSubmit) {
      event.preventDefault();
      if (!options.submitting) options.validateAll();
    } else if (options.before) {
      event.preventDefault();
      void options.before(event.currentTarget, options.send);
    }
  };
}

/**
 * The delivery address: the saved address the form's values are (or a new one), choosing one,
 * and whether a new one is saved to the book before the order is sent.
 */
function useDeliveryAddress(
  form: ReturnType<typeof useValidatedForm<FormField>>,
  addressBook: DetailsFormProps['addressBook'],
) {
  const [saveAddress, setSaveAddress] = useState(false);
  const addressSave = useSaveAddressThenOrder(addressBook);
  const book = addressBook?.book ?? null;
  // Derived, not kept: an edit of a chosen address's field makes it a new address.
  const chosen = book ? chosenAddressKey(book, form.values) : NEW_ADDRESS;
  const offerSave = offersAddressSave(book, chosen);
  function choose(entry: AddressEntry | null) {
    if (entry) {
      for (const field of ADDRESS_FIELDS) form.setValue(field, entry.address[field]);
    } else {
      // Empty fields, untouched: their messages wait until they are typed in.
      form.reset({ ...form.values, ...valuesFor(null) });
    }
  }
  const submit = useSubmit();
  /** Sends the order form, a new address saved to the book first when asked to. */
  function send(element: HTMLFormElement) {
    if (offerSave && saveAddress) addressSave.saveThenOrder(element, form.values);
    else void submit(element, { method: 'post', action: ORDER_ACTION });
  }
  return { book, chosen, choose, offerSave, saveAddress, setSaveAddress, addressSave, send };
}

/** Whether the order is on its way: its address being saved, its card confirmed, or it sent. */
function useOrderOnItsWay(savingAddress: boolean, paying: boolean): boolean {
  const navigation = usePageNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === ORDER_ACTION;
  return savingAddress || paying || sending;
}

export function DetailsForm({ initial, addressBook = null }: DetailsFormProps) {
  const t = useMessages(messages);
  const cart = useCart();
  const auth = useAuth();
  const form = useValidatedForm(FORM_FIELDS, { initial, validators: FORM_VALIDATORS });
  const password = useValidatedForm(PASSWORD_FIELDS, { validators: PASSWORD_VALIDATORS });
  const delivery = useDeliveryAddress(form, addressBook);
  const { book, chosen, choose, offerSave, saveAddress, setSaveAddress, addressSave } = delivery;
  const {
    fields: cardFields,
    complete: cardComplete,
    message: cardMessage,
    paying,
    onComplete: onCardComplete,
    pay,
  } = useCardPayment();
  const byCard = form.values[PAYMENT_FIELD] === 'card';
  const submitting = useOrderOnItsWay(addressSave.saving, paying);

  useEffect(() => writeDraft(form.values), [form.values]);

  if (cart.products.length === 0) return <EmptyBasketDetails />;

  const askPassword = !auth.isSignedIn;
  const canSubmit =
    form.canSubmit &&
    (!askPassword || password.isValid) &&
    (!byCard || cardComplete) &&
    !submitting;
  const { send } = delivery;
  const onSubmit = submitHandler({
    canSubmit,
    submitting,
    validateAll: form.validateAll,
    // A card is confirmed first, on this step (decision 5301).
    before: byCard ? pay : offerSave && saveAddress ? (element) => send(element) : null,
    send,
  });

  return (
    <section className="checkout-details" aria-labelledby="checkout-details-title">
      <h2 id="checkout-details-title">{t('Your details')}</h2>
      <BasketLine quantity={cart.totalQuantity} price={cart.totalPrice} />
      <Form
        method="post"
        action={ORDER_ACTION}
        noValidate
        className="checkout-details__form"
        onSubmit={onSubmit}
      >
        {book && book.entries.length > 0 ? (
          <AddressPicker book={book} chosen={chosen} onChoose={choose} disabled={submitting} />
        ) : null}
        <ContactFields form={form} />
        <DeliveryAddressFields
          form={form}
          saveAddress={
            offerSave
              ? { checked: saveAddress, onChange: setSaveAddress, disabled: submitting }
              : null
          }
        />
        <PaymentMethodFields form={form}>
          {byCard ? (
            <ProviderCardFields
              ref={cardFields}
              onComplete={onCardComplete}
              message={cardMessage}
            />
          ) : null}
        </PaymentMethodFields>
        {askPassword && <AccountPasswordField password={password} />}
        <PlaceOrderActions canSubmit={canSubmit} submitting={submitting} />
      </Form>
    </section>
  );
}
