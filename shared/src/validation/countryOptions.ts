// The country select's options in a page's language (decision 5101): the value stays the English
// name the order stores and the validation table checks; the label is the country's name in the
// page's language, in that language's alphabetical order.
import type { SelectOption } from '../ui/SelectField';
import { COUNTRIES, COUNTRY_CODES } from './countries';

const optionsByLocale = new Map<string, readonly SelectOption[]>();

/** The options for `locale` (`de-DE`): English pages get COUNTRIES as they are. */
export function countryOptions(locale: string): readonly SelectOption[] {
  if (locale === 'en' || locale.startsWith('en-')) return COUNTRIES;
  let options = optionsByLocale.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const collator = new Intl.Collator(locale);
    options = COUNTRIES.map((name) => {
      const code = COUNTRY_CODES[name];
      return { value: name, label: (code && names.of(code)) || name };
    }).sort((a, b) => collator.compare(a.label, b.label));
    optionsByLocale.set(locale, options);
  }
  return options;
}
