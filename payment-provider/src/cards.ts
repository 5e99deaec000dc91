// The test cards (decision 5301): the only cards this provider knows. Any future expiry and any
// three-digit security code go with them; spaces in the number are ignored, as a shopper types.
import { ApiError } from './errors';

export interface Decline {
  code: string;
  message: string;
}

/** What a card does to a payment awaiting one. */
export type CardOutcome =
  { kind: 'authorised' } | { kind: 'declined'; error: Decline } | { kind: 'action-required' };

const declined = (code: string, message: string): CardOutcome => ({
  kind: 'declined',
  error: { code, message },
});

export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { kind: 'authorised' },
  '4000000000000002': declined('card_declined', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  // The bank asks for a second step (3-D Secure style): the fields page shows it.
  '4000002760003184': { kind: 'action-required' },
};

/** A real-looking card that is not one of the test cards: refused like an unknown card. */
const NOT_SUPPORTED = declined(
  'card_not_supported',
  'This test provider accepts only its test cards.',
);

/** The Luhn checksum every card number carries (a typo in one digit fails it). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A whole number from a JSON number or a string of digits; NaN otherwise. */
const wholeNumber = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeof value === 'string' && /^\d{1,4}$/.test(value)
      ? Number(value)
      : Number.NaN;

function cardNumber(value: unknown): string {
  const digits = typeof value === 'string' ? value.replace(/\s+/g, '') : '';
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw new ApiError(400, 'invalid_number', 'Your card number is not valid.');
  }
  return digits;
}

/** Refuses a malformed or past expiry. A card is good until the end of its expiry month. */
function checkExpiry(expMonth: unknown, expYear: unknown, now: Date): void {
  const month = wholeNumber(expMonth);
  const givenYear = wholeNumber(expYear);
  // Two digits (as printed on the card) are this century's.
  const year = givenYear < 100 ? 2000 + givenYear : givenYear;
  if (!(month >= 1 && month <= 12) || !(year >= 2000 && year <= 2999)) {
    throw new ApiError(400, 'invalid_expiry', 'Your card’s expiry date is not valid.');
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) {
    throw new ApiError(400, 'expired_card', 'Your card has expired.');
  }
}

/** What the card does, or a 400 refusal when the details themselves are not valid. */
export function cardOutcome(details: Record<string, unknown>, now: Date): CardOutcome {
  const number = cardNumber(details.number);
  checkExpiry(details.expMonth, details.expYear, now);
  if (typeof details.cvc !== 'string' || !/^\d{3}$/.test(details.cvc)) {
    throw new ApiError(400, 'invalid_cvc', 'Your card’s security code is not valid.');
  }
  return TEST_CARDS[number] ?? NOT_SUPPORTED;
}
