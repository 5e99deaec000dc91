// Counts as the page's market writes them ("10,309", in Germany "10.309"): its locale, never the
// machine's, so a page rendered on the server hydrates with the very text the browser would write.
import { formatMessage, type Translate } from '@shop/shared/i18n/format';

const formats = new Map<string, Intl.NumberFormat>();

/** `count` in `locale` (the market's, `market.locale`; decision 5101). */
export function formatCount(count: number, locale = 'en-US'): string {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(count);
}

/** "1 product", "10,309 products", in the page's texts `t`. */
export function productCount(count: number, t: Translate = formatMessage, locale?: string): string {
  const shown = formatCount(count, locale);
  return count === 1
    ? t('{count} product', { count: shown })
    : t('{count} products', { count: shown });
}
