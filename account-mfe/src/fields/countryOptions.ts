import { COUNTRIES } from '@shop/shared/forms';

/**
 * The countries a select offers for a stored value: our list, with a stored country outside it
 * (typed elsewhere) first, so that it stays choosable.
 */
export function countryOptions(stored: string): readonly string[] {
  return stored && !COUNTRIES.includes(stored) ? [stored, ...COUNTRIES] : COUNTRIES;
}
