// The validation table of docs/product.md §5: one rule and one exact message per field.

export type FieldName =
  'name' | 'email' | 'tel' | 'address' | 'zipCode' | 'city' | 'country' | 'password';

export interface ValidationRule {
  /** True when the value is acceptable. */
  test: (value: string) => boolean;
  message: string;
}

/** Usual address pattern with a 2-4 letter ending: local@domain(.sub)*.tld */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/**
 * Optional +, a 2-digit prefix (optionally in parentheses), 3 digits, then 4-6 digits; a single
 * space, dot or hyphen may separate the groups and the digits of the last group.
 * Accepts "+48 123 456 789", "+48123456789", "(48) 123-4567", "12.345.6789".
 */
export const TEL_PATTERN = /^\+?(?:\d{2}|\(\d{2}\))[-\s.]?\d{3}[-\s.]?\d(?:[-\s.]?\d){3,5}$/;

const minLength = (n: number) => (value: string) => value.trim().length >= n;

export const VALIDATION_RULES: Record<FieldName, ValidationRule> = {
  name: { test: minLength(3), message: 'Name should be at least 3 characters long!' },
  email: {
    test: (v) => EMAIL_PATTERN.test(v.trim()),
    message: 'Please enter a valid email address!',
  },
  tel: { test: (v) => TEL_PATTERN.test(v.trim()), message: 'Please enter a valid phone number!' },
  address: {
    test: minLength(4),
    message: 'Your address should contain at least 4 characters!',
  },
  zipCode: {
    test: minLength(2),
    message: 'Your zip code should at least be 2 characters length!',
  },
  city: { test: minLength(5), message: 'Your city should at least be 5 characters length!' },
  country: { test: minLength(1), message: 'Please select a country!' },
  // Passwords are not trimmed: spaces are legitimate password characters.
  password: {
    test: (v) => v.length >= 8,
    message: 'Your password should be at least 8 characters long!',
  },
};

/** Any field the table does not know (docs/product.md §5 last row). */
export const UNEXPECTED_FIELD_MESSAGE = 'An unexpected error has occured! Please try again later.';

export function isKnownField(name: string): name is FieldName {
  return Object.prototype.hasOwnProperty.call(VALIDATION_RULES, name);
}

/** Validates one field: '' when valid, else the exact docs/product.md §5 message. */
export function validateField(name: string, value: string | null | undefined): string {
  if (!isKnownField(name)) return UNEXPECTED_FIELD_MESSAGE;
  const rule = VALIDATION_RULES[name];
  return rule.test(value ?? '') ? '' : rule.message;
}
