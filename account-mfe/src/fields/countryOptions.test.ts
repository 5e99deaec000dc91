import { COUNTRIES } from '@shop/shared/forms';
import { countryOptions } from './countryOptions';

describe('countryOptions', () => {
  it('is our list when the stored country is in it, or nothing is stored', () => {
    expect(countryOptions(COUNTRIES[0]!)).toBe(COUNTRIES);
    expect(countryOptions('')).toBe(COUNTRIES);
  });

  it('puts a stored country outside our list first, so it stays choosable', () => {
    expect(countryOptions('Atlantis')).toEqual(['Atlantis', ...COUNTRIES]);
  });
});
