// A text's placeholders (decision 5101, CONTRACT §9b): import-free, so code that also runs in a
// service (the catalog's query service reads the list's queries) writes English with it.

/** Placeholder values of a text: `t('{count} items', { count })`. */
export type MessageValues = Readonly<Record<string, string | number>>;
/** A text in the page's language: the English text → its translation, placeholders filled. */
export type Translate = (text: string, values?: MessageValues) => string;

/** `{name}` placeholders filled in; an unknown one is left as written. English: the text itself. */
export const formatMessage: Translate = (text, values) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values && name in values ? String(values[name]) : whole,
  );

/** One `Intl.DateTimeFormat` per style and locale, made when first asked for. */
const dateFormats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * `at` as the market of `locale` writes it, in `style` (a module's constant: its formats are kept
 * with it). Dates of orders and their steps go through it (decision 5101).
 */
export function formatDate(at: number, locale: string, style: Intl.DateTimeFormatOptions): string {
  let byLocale = dateFormats.get(style);
  if (!byLocale) dateFormats.set(style, (byLocale = new Map()));
  let format = byLocale.get(locale);
  if (!format) byLocale.set(locale, (format = new Intl.DateTimeFormat(locale, style)));
  return format.format(at);
}
