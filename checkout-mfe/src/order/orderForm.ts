// The details form as the order sees it (docs/product.md §2 fields, §3 "Personal information"): seven
// personal fields, the payment method and an optional password (anonymous shoppers only, to
// create an account with the order; handed to the identity service, never stored).
import {
  ORDER_PERSONAL_FIELDS,
  type OrderPersonalField,
  type PaymentMethodValue,
  type PersonalInformation,
  isPaymentMethod,
} from '@shop/shared';
import { validateField } from '@shop/shared/forms';

export const PERSONAL_FIELDS = ORDER_PERSONAL_FIELDS;
export type PersonalField = OrderPersonalField;
export { isPaymentMethod };

/** Form name of the payment method ("hyphens in labels become spaces" on the confirmation). */
export const PAYMENT_FIELD = 'payment-method';

/** How the form shows each payment method of @shop/shared's list. */
export const PAYMENT_METHODS = [
  { value: 'card', label: 'Card', hint: 'Pay now by card; charged when your order ships' },
  { value: 'bank transfer', label: 'Bank transfer', hint: 'We email you the bank details' },
  { value: 'cash on delivery', label: 'Cash on delivery', hint: 'Pay the courier' },
] as const satisfies readonly { value: PaymentMethodValue; label: string; hint: string }[];

export const DEFAULT_PAYMENT_METHOD = PAYMENT_METHODS[0].value;

export const PAYMENT_METHOD_MESSAGE = 'Please choose a payment method!';

/** The optional password: empty is fine, anything else follows the §5 rule. */
export function validateOptionalPassword(value: string): string {
  return value === '' ? '' : validateField('password', value);
}

export interface OrderForm {
  personalInformation: PersonalInformation;
  paymentMethod: string;
  /** '' when the shopper gave none. */
  password: string;
}

export type ParsedOrderForm = { valid: true; form: OrderForm } | { valid: false };

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** Reads and re-checks the submitted form (the page checks too, but the action trusts nothing). */
export function parseOrderForm(data: FormData): ParsedOrderForm {
  const personalInformation = Object.fromEntries(
    PERSONAL_FIELDS.map((field) => [field, text(data, field).trim()]),
  ) as Record<PersonalField, string>;
  const paymentMethod = text(data, PAYMENT_FIELD);
  const password = text(data, 'password');
  const valid =
    PERSONAL_FIELDS.every((field) => validateField(field, personalInformation[field]) === '') &&
    isPaymentMethod(paymentMethod) &&
    validateOptionalPassword(password) === '';
  return valid
    ? { valid: true, form: { personalInformation, paymentMethod, password } }
    : { valid: false };
}
