// The details step's parts (docs/product.md §2 fields, labels, placeholders and input types): the
// empty basket's message, the basket line, a personal field, the payment methods, the optional
// password and the submit row. DetailsForm assembles them.
import type { ReactNode } from 'react';
import { Button, formatPrice, useMarket, useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';
import { SelectField, TextField, countryOptions, type ValidatedForm } from '@shop/shared/forms';
import { Link } from 'react-router-dom';
import { PAYMENT_FIELD, PAYMENT_METHODS, type PersonalField } from '../order/orderForm';
import { paymentInputId } from './detailsFormLogic';
import { CHECKOUT_PATHS } from '../routes/ownPaths';

/** The details form: the personal fields and the payment method (the password is apart). */
export type DetailsFields = ValidatedForm<PersonalField | typeof PAYMENT_FIELD>;

/** The checkbox's English name (tests find it by it); shown in the page's language. */
export const SAVE_ADDRESS_LABEL = 'Save this address to my address book';

/** A payment method's name and hint in the page's language (orderForm names them in English). */
function paymentText(value: string, t: Translate): { label: string; hint: string } {
  switch (value) {
    case 'card':
      return { label: t('Card'), hint: t('Pay now by card; charged when your order ships') };
    case 'bank transfer':
      return { label: t('Bank transfer'), hint: t('We email you the bank details') };
    default:
      return { label: t('Cash on delivery'), hint: t('Pay the courier') };
  }
}

export function EmptyBasketDetails() {
  const t = useMessages(messages);
  return (
    <section className="checkout-details checkout-details--empty">
      <h2>{t('Your details')}</h2>
      <p>{t('Your basket is empty, so there is nothing to order yet.')}</p>
      <Link to="/" className="shop-button shop-button--primary">
        {t('Continue shopping')}
      </Link>
    </section>
  );
}

export function BasketLine({ quantity, price }: { quantity: number; price: number }) {
  const t = useMessages(messages);
  // The basket's total is in the page market's currency (decision 5101).
  const market = useMarket();
  return (
    <p className="checkout-details__basket">
      {quantity === 1
        ? t('{count} product in your basket', { count: quantity })
        : t('{count} products in your basket', { count: quantity })}
      {price > 0 ? ` · ${formatPrice(price, market)}` : ''} ·{' '}
      <Link to={CHECKOUT_PATHS.basket}>{t('Edit basket')}</Link>
    </p>
  );
}

function PersonalTextField({ form, name }: { form: DetailsFields; name: PersonalField }) {
  return (
    <TextField
      {...form.getFieldProps(name)}
      error={form.errors[name]}
      required
      aria-required="true"
      className={`checkout-details__field checkout-details__field--${name}`}
    />
  );
}

export function ContactFields({ form }: { form: DetailsFields }) {
  const t = useMessages(messages);
  return (
    <fieldset className="checkout-details__group">
      <legend>{t('Contact')}</legend>
      <PersonalTextField form={form} name="name" />
      <PersonalTextField form={form} name="email" />
      <PersonalTextField form={form} name="tel" />
    </fieldset>
  );
}

/** The delivery fields, and "Save this address…" when `saveAddress` is given. */
export function DeliveryAddressFields({
  form,
  saveAddress,
}: {
  form: DetailsFields;
  saveAddress: SaveAddressCheckboxProps | null;
}) {
  const t = useMessages(messages);
  const { locale } = useMarket();
  return (
    <fieldset className="checkout-details__group">
      <legend>{t('Delivery address')}</legend>
      <PersonalTextField form={form} name="address" />
      <PersonalTextField form={form} name="city" />
      <PersonalTextField form={form} name="zipCode" />
      <SelectField
        {...form.getFieldProps('country')}
        options={countryOptions(locale)}
        placeholder={t('Select a country...')}
        error={form.errors.country}
        required
        aria-required="true"
        autoComplete="country-name"
        className="checkout-details__field checkout-details__field--country"
      />
      {saveAddress ? <SaveAddressCheckbox {...saveAddress} /> : null}
    </fieldset>
  );
}

interface SaveAddressCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}

function SaveAddressCheckbox({ checked, onChange, disabled }: SaveAddressCheckboxProps) {
  const t = useMessages(messages);
  return (
    <div className="checkout-details__save">
      <input
        type="checkbox"
        id="save-address"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
      />
      <label htmlFor="save-address">{t('Save this address to my address book')}</label>
    </div>
  );
}

export function PaymentMethodFields({
  form,
  children,
}: {
  form: DetailsFields;
  /** What the chosen method asks for (the card's fields). */
  children?: ReactNode;
}) {
  const t = useMessages(messages);
  return (
    <fieldset className="checkout-details__group checkout-details__payment">
      <legend>{t('Payment method')}</legend>
      {PAYMENT_METHODS.map((method) => (
        <div key={method.value} className="checkout-details__radio">
          <input
            type="radio"
            id={paymentInputId(method.value)}
            name={PAYMENT_FIELD}
            value={method.value}
            checked={form.values[PAYMENT_FIELD] === method.value}
            onChange={form.onChange}
            onBlur={form.onBlur}
          />
          <label htmlFor={paymentInputId(method.value)}>
            <span className="checkout-details__radio-label">
              {paymentText(method.value, t).label}
            </span>
            <span className="checkout-details__radio-hint">
              {paymentText(method.value, t).hint}
            </span>
          </label>
        </div>
      ))}
      {form.errors[PAYMENT_FIELD] && (
        <p className="shop-field__error">{form.errors[PAYMENT_FIELD]}</p>
      )}
      {children}
    </fieldset>
  );
}

export function AccountPasswordField({ password }: { password: ValidatedForm<'password'> }) {
  const t = useMessages(messages);
  return (
    <fieldset className="checkout-details__group">
      <legend>{t('Create an account (optional)')}</legend>
      <TextField
        {...password.getFieldProps('password')}
        error={password.errors.password}
        autoComplete="new-password"
        hint={t(
          'Give a password to create an account with this order and follow it later. Leave it empty to order as a guest.',
        )}
        className="checkout-details__field"
      />
    </fieldset>
  );
}

export function PlaceOrderActions({
  canSubmit,
  submitting,
}: {
  canSubmit: boolean;
  submitting: boolean;
}) {
  const t = useMessages(messages);
  return (
    <div className="checkout-details__actions">
      <Button type="submit" disabled={!canSubmit} busy={submitting}>
        {t('Place order')}
      </Button>
      {!canSubmit && !submitting && (
        <p className="checkout-details__hint" id="checkout-details-hint">
          {t('Fill in every field correctly to place your order.')}
        </p>
      )}
    </div>
  );
}
