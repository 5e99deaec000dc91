// Money as payments carry it (decision 5301): an integer count of the currency's minor unit
// (cents, pence) with its ISO 4217 code, so no amount that is charged, captured or refunded is a
// binary fraction. The shop's prices are decimal amounts rounded to cents (pricing.ts); they become
// minor units once, here.

/** The currencies the shop may charge in (the markets' currencies). */
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Money {
  /** Whole minor units (cents, pence): an integer ≥ 0. */
  amount: number;
  currency: Currency;
}

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** Digits after the point of each currency (all three have two). */
const MINOR_DIGITS: Record<Currency, number> = { USD: 2, EUR: 2, GBP: 2 };

/** A decimal amount (189.99) as minor units (18999): rounded once, half away from zero. */
export function toMinorUnits(amount: number, currency: Currency): number {
  const scale = 10 ** MINOR_DIGITS[currency];
  const minor = Math.round(Math.abs(amount) * scale + Number.EPSILON * scale);
  return Math.sign(amount) * minor || 0;
}

/** Minor units (18999) as the decimal amount the shop's prices use (189.99). */
export function fromMinorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** MINOR_DIGITS[currency];
}

/** A valid amount of money: a whole number of minor units, not negative, in a known currency. */
export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null) return false;
  const { amount, currency } = value as Record<string, unknown>;
  return (
    typeof amount === 'number' &&
    Number.isSafeInteger(amount) &&
    amount >= 0 &&
    isCurrency(currency)
  );
}
