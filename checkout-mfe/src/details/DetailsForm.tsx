// The details step (docs/product.md §2 fields, labels, placeholders and input types; §5 validation, 500 ms
// after input and shown once touched; §4 submit rule). It posts to /checkout-successful, whose
// action sends the order.
import { Button, formatPrice, toast, useAuth, useCart } from '@shop/shared';
import {
  ADDRESS_FIELDS,
  addAddress,
  freeAddressKey,
  toAddress,
  type AddressBook,
  type AddressEntry,
} from '@shop/shared/address-book';
import { COUNTRIES, SelectField, TextField, useValidatedForm } from '@shop/shared/forms';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router-dom';
import { AddressPicker, NEW_ADDRESS, chosenAddressKey, valuesFor } from './AddressPicker';
import { writeDraft } from '../order/checkoutStorage';
import {
  PAYMENT_FIELD,
  PAYMENT_METHODS,
  PAYMENT_METHOD_MESSAGE,
  PERSONAL_FIELDS,
  isPaymentMethod,
  validateOptionalPassword,
} from '../order/orderForm';
import './details.css';

const FORM_FIELDS = [...PERSONAL_FIELDS, PAYMENT_FIELD] as const;
type FormField = (typeof FORM_FIELDS)[number];
const FORM_VALIDATORS = {
  [PAYMENT_FIELD]: (value: string) => (isPaymentMethod(value) ? '' : PAYMENT_METHOD_MESSAGE),
};
/** The password is optional, so it lives in its own form: it never blocks the submit when empty. */
const PASSWORD_FIELDS = ['password'] as const;
const PASSWORD_VALIDATORS = { password: validateOptionalPassword };

export const ORDER_ACTION = '/checkout-successful';

export const SAVE_ADDRESS_LABEL = 'Save this address to my address book';

export interface DetailsFormProps {
  initial: Partial<Record<FormField, string>>;
  /** A signed-in shopper's address book (empty or not); null for a guest or when unreadable. */
  addressBook?: { accountUid: string; book: AddressBook } | null;
}

export function DetailsForm({ initial, addressBook = null }: DetailsFormProps) {
  const cart = useCart();
  const auth = useAuth();
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useValidatedForm(FORM_FIELDS, { initial, validators: FORM_VALIDATORS });
  const password = useValidatedForm(PASSWORD_FIELDS, { validators: PASSWORD_VALIDATORS });
  const [saveAddress, setSaveAddress] = useState(false);
  const [savingAddress, setSavingAddress] = useState(false);
  const submitting =
    savingAddress || (navigation.state === 'submitting' && navigation.formAction === ORDER_ACTION);
  const book = addressBook?.book ?? null;
  // Derived, not kept: an edit of a chosen address's field makes it a new address.
  const chosen = book ? chosenAddressKey(book, form.values) : NEW_ADDRESS;
  const offerSave =
    addressBook !== null &&
    chosen === NEW_ADDRESS &&
    book !== null &&
    freeAddressKey(book) !== null;

  function choose(entry: AddressEntry | null) {
    if (entry) {
      for (const field of ADDRESS_FIELDS) form.setValue(field, entry.address[field]);
    } else {
      // Empty fields, untouched: their messages wait until they are typed in.
      form.reset({ ...form.values, ...valuesFor(null) });
    }
  }

  useEffect(() => writeDraft(form.values), [form.values]);

  if (cart.products.length === 0) {
    return (
      <section className="checkout-details checkout-details--empty">
        <h2>Your details</h2>
        <p>Your basket is empty, so there is nothing to order yet.</p>
        <Link to="/" className="shop-button shop-button--primary">
          Continue shopping
        </Link>
      </section>
    );
  }

  const askPassword = !auth.isSignedIn;
  const canSubmit = form.canSubmit && (!askPassword || password.isValid) && !submitting;
  const field = (name: (typeof PERSONAL_FIELDS)[number]) => (
    <TextField
      {...form.getFieldProps(name)}
      error={form.errors[name]}
      required
      aria-required="true"
      className={`checkout-details__field checkout-details__field--${name}`}
    />
  );

  return (
    <section className="checkout-details" aria-labelledby="checkout-details-title">
      <h2 id="checkout-details-title">Your details</h2>
      <p className="checkout-details__basket">
        {cart.totalQuantity} {cart.totalQuantity === 1 ? 'product' : 'products'} in your basket
        {cart.totalPrice > 0 ? ` · ${formatPrice(cart.totalPrice)}` : ''} ·{' '}
        <Link to="/checkout">Edit basket</Link>
      </p>
      <Form
        method="post"
        action={ORDER_ACTION}
        noValidate
        className="checkout-details__form"
        onSubmit={(event) => {
          // Enter in a field submits too: hold it back until the §4 rule allows it.
          if (!canSubmit) {
            event.preventDefault();
            if (!submitting) form.validateAll();
            return;
          }
          if (offerSave && saveAddress && addressBook) {
            // Saved first, then the order: the address book is the account's, not the order's.
            event.preventDefault();
            const element = event.currentTarget;
            setSavingAddress(true);
            void addAddress(addressBook.accountUid, addressBook.book, toAddress(form.values)).then(
              (result) => {
                if (result.ok) toast.success('Address saved to your address book.');
                else toast.error("This address couldn't be saved to your address book.");
                void submit(element, { method: 'post', action: ORDER_ACTION });
              },
            );
          }
        }}
      >
        {book && book.entries.length > 0 ? (
          <AddressPicker book={book} chosen={chosen} onChoose={choose} disabled={submitting} />
        ) : null}
        <fieldset className="checkout-details__group">
          <legend>Contact</legend>
          {field('name')}
          {field('email')}
          {field('tel')}
        </fieldset>
        <fieldset className="checkout-details__group">
          <legend>Delivery address</legend>
          {field('address')}
          {field('city')}
          {field('zipCode')}
          <SelectField
            {...form.getFieldProps('country')}
            options={COUNTRIES}
            placeholder="Select a country..."
            error={form.errors.country}
            required
            aria-required="true"
            autoComplete="country-name"
            className="checkout-details__field checkout-details__field--country"
          />
          {offerSave ? (
            <div className="checkout-details__save">
              <input
                type="checkbox"
                id="save-address"
                checked={saveAddress}
                onChange={(event) => setSaveAddress(event.target.checked)}
                disabled={submitting}
              />
              <label htmlFor="save-address">{SAVE_ADDRESS_LABEL}</label>
            </div>
          ) : null}
        </fieldset>
        <fieldset className="checkout-details__group checkout-details__payment">
          <legend>Payment method</legend>
          {PAYMENT_METHODS.map((method) => (
            <div key={method.value} className="checkout-details__radio">
              <input
                type="radio"
                id={`payment-${method.value.replace(/\s+/g, '-')}`}
                name={PAYMENT_FIELD}
                value={method.value}
                checked={form.values[PAYMENT_FIELD] === method.value}
                onChange={form.onChange}
                onBlur={form.onBlur}
              />
              <label htmlFor={`payment-${method.value.replace(/\s+/g, '-')}`}>
                <span className="checkout-details__radio-label">{method.label}</span>
                <span className="checkout-details__radio-hint">{method.hint}</span>
              </label>
            </div>
          ))}
          {form.errors[PAYMENT_FIELD] && (
            <p className="shop-field__error">{form.errors[PAYMENT_FIELD]}</p>
          )}
        </fieldset>
        {askPassword && (
          <fieldset className="checkout-details__group">
            <legend>Create an account (optional)</legend>
            <TextField
              {...password.getFieldProps('password')}
              error={password.errors.password}
              autoComplete="new-password"
              hint="Give a password to create an account with this order and follow it later. Leave it empty to order as a guest."
              className="checkout-details__field"
            />
          </fieldset>
        )}
        <div className="checkout-details__actions">
          <Button type="submit" disabled={!canSubmit} busy={submitting}>
            Place order
          </Button>
          {!canSubmit && !submitting && (
            <p className="checkout-details__hint" id="checkout-details-hint">
              Fill in every field correctly to place your order.
            </p>
          )}
        </div>
      </Form>
    </section>
  );
}
