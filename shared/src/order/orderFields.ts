// What an order holds besides its lines (docs/product.md §2 details step, §3 "Personal information"): the
// one list of the form's personal fields, in the form's order, and of the payment methods. The
// checkout's form and its trusted order function (decision 1401) both read them from here.
import type { PersonalInformation } from '../types';

export const ORDER_PERSONAL_FIELDS = [
  'name',
  'email',
  'tel',
  'address',
  'city',
  'zipCode',
  'country',
] as const satisfies readonly (keyof PersonalInformation)[];

export type OrderPersonalField = (typeof ORDER_PERSONAL_FIELDS)[number];

/** The payment methods' values, as stored in an order's `paymentMethod`. */
export const PAYMENT_METHOD_VALUES = ['card', 'bank transfer', 'cash on delivery'] as const;

export type PaymentMethodValue = (typeof PAYMENT_METHOD_VALUES)[number];

export function isPaymentMethod(value: string): value is PaymentMethodValue {
  return (PAYMENT_METHOD_VALUES as readonly string[]).includes(value);
}
