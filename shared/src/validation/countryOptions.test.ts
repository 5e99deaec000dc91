import { COUNTRIES, COUNTRY_CODES } from './countries';
import { countryOptions } from './countryOptions';

describe('COUNTRY_CODES', () => {
  it('names every country by its own ISO 3166-1 code, each code once', () => {
    const codes = COUNTRIES.map((name) => COUNTRY_CODES[name]);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code ?? ''))).toBe(true);
    expect(new Set(codes).size).toBe(COUNTRIES.length);
    // Current codes, not retired ones a name also has ("UK", "SU", "YU"): Intl rewrites those.
    const retired = codes.filter(
      (code) => Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`,
    );
    expect(retired).toEqual([]);
    // Each code is the country of its name (Intl's English names, where they are the same).
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    const same = COUNTRIES.filter((name) => english.of(COUNTRY_CODES[name] ?? '') === name);
    expect(same.length).toBeGreaterThan(COUNTRIES.length - 20);
    expect(COUNTRY_CODES).toMatchObject({ Germany: 'DE', 'United Kingdom': 'GB', Turkey: 'TR' });
  });
});

describe('countryOptions', () => {
  it('gives English pages the English names as they are', () => {
    expect(countryOptions('en-US')).toBe(COUNTRIES);
    expect(countryOptions('en-GB')).toBe(COUNTRIES);
  });

  it("labels German pages' countries in German, in German order, keeping the English value", () => {
    const options = countryOptions('de-DE');
    expect(options).toHaveLength(COUNTRIES.length);
    expect(options).toContainEqual({ value: 'Germany', label: 'Deutschland' });
    expect(options).toContainEqual({ value: 'United Kingdom', label: 'Vereinigtes Königreich' });
    const labels = options.map((option) => (typeof option === 'string' ? option : option.label));
    const collator = new Intl.Collator('de-DE');
    expect(labels).toEqual([...labels].sort((a, b) => collator.compare(a, b)));
    expect(
      new Set(options.map((option) => (typeof option === 'string' ? option : option.value))),
    ).toEqual(new Set(COUNTRIES));
  });
});
