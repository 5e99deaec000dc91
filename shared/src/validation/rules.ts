// The validation table of docs/product.md §5: one rule and one exact message per field, and the longest
// value each field takes. The forms (checkout details, personal information, sign-in) and the
// order function (functions/src/placeOrder.ts) all check with this table, so a value the order
// would refuse is already refused by the form, with its field marked (decision 4102). Its messages
// are English; the form fields show them in the page's language (decision 5101).
import { translatable } from '../i18n/translatable';

export type FieldName =
  'name' | 'email' | 'tel' | 'address' | 'zipCode' | 'city' | 'country' | 'password';

export interface ValidationRule {
  /** True when the value is acceptable. */
  test: (value: string) => boolean;
  message: string;
  /**
   * The longest value (after trimming) the shop keeps, with its message. At most 200: the
   * database rules refuse longer personal information (database.rules.json).
   */
  max?: { length: number; message: string };
}

/** Usual address pattern with a 2-4 letter ending: local@domain(.sub)*.tld */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/**
 * Optional +, a 2-digit prefix (optionally in parentheses), 3 digits, then 4-6 digits: 9 to 11
 * digits in all. A single space, dot or hyphen may separate any two digits, since numbers are
 * grouped differently from country to country: the shop's own "+1 555 0100 200" is the prefix
 * 15, then 550 and 100200.
 * Accepts "+48 123 456 789", "+48123456789", "(48) 123-4567", "12.345.6789", "+1 555 0100 200".
 */
export const TEL_PATTERN = /^\+?(?:\(\d{2}\)[-\s.]?|\d[-\s.]?\d[-\s.]?)\d(?:[-\s.]?\d){6,8}$/;

/** How a phone number is written, shown under the field (the message itself is the spec's). */
export const TEL_FORMAT_HINT = translatable(
  'With the country code, 9 to 11 digits, e.g. +1 555 0100 200',
);

const minLength = (n: number) => (value: string) => value.trim().length >= n;
// Each message written out whole, so it has its own translation.
const atMost = (length: number, message: string) => ({ length, message });

export const VALIDATION_RULES: Record<FieldName, ValidationRule> = {
  name: {
    test: minLength(3),
    message: translatable('Name should be at least 3 characters long!'),
    max: atMost(100, translatable('Name should be at most 100 characters long!')),
  },
  email: {
    test: (v) => EMAIL_PATTERN.test(v.trim()),
    message: translatable('Please enter a valid email address!'),
    max: atMost(200, translatable('Your email address should be at most 200 characters long!')),
  },
  // Its pattern bounds its length.
  tel: {
    test: (v) => TEL_PATTERN.test(v.trim()),
    message: translatable('Please enter a valid phone number!'),
  },
  address: {
    test: minLength(4),
    message: translatable('Your address should contain at least 4 characters!'),
    max: atMost(200, translatable('Your address should be at most 200 characters long!')),
  },
  // The longest postal codes in use have 10 characters ("12345-6789", "AB12 3CD").
  zipCode: {
    test: minLength(2),
    message: translatable('Your zip code should at least be 2 characters length!'),
    max: atMost(10, translatable('Your zip code should be at most 10 characters long!')),
  },
  city: {
    test: minLength(5),
    message: translatable('Your city should at least be 5 characters length!'),
    max: atMost(100, translatable('Your city should be at most 100 characters long!')),
  },
  country: {
    test: minLength(1),
    message: translatable('Please select a country!'),
    max: atMost(100, translatable('Your country should be at most 100 characters long!')),
  },
  // Passwords are not trimmed: spaces are legitimate password characters.
  password: {
    test: (v) => v.length >= 8,
    message: translatable('Your password should be at least 8 characters long!'),
  },
};

/** Any field the table does not know (docs/product.md §5 last row). */
export const UNEXPECTED_FIELD_MESSAGE = translatable(
  'An unexpected error has occured! Please try again later.',
);

export function isKnownField(name: string): name is FieldName {
  return Object.prototype.hasOwnProperty.call(VALIDATION_RULES, name);
}

/** Validates one field: '' when valid, else the too-long message or the exact docs/product.md §5 one. */
export function validateField(name: string, value: string | null | undefined): string {
  if (!isKnownField(name)) return UNEXPECTED_FIELD_MESSAGE;
  const rule = VALIDATION_RULES[name];
  const text = value ?? '';
  // The length first: a pattern never runs over an over-long value (the order function's input).
  if (rule.max && text.trim().length > rule.max.length) return rule.max.message;
  return rule.test(text) ? '' : rule.message;
}
