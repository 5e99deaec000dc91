// The main module's texts and market (one React context and one loaded catalogue per page): this
// part is bundled into each app that imports it (decision 1312; shared/CONTRACT.md §9b).
import { sharedMessages, useMarket, useMessages } from '@shop/shared';
import { type PriceFormat, formatPrice } from '../pricing/pricing';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface PriceProps {
  /** The regular price. */
  original: number;
  /** The price to pay; when lower than `original` the original is shown struck through. */
  discounted?: number;
  className?: string;
  /** The locale and currency to write it in (a market's, or a past order's; decision 5101). */
  market?: PriceFormat;
}

/**
 * Original price struck through next to the discounted one ("$120.00 $89.99"), in the page's
 * market's currency and way of writing it, or in `market`'s (a past order's; decision 5101).
 */
export function Price({ original, discounted, className, market }: PriceProps) {
  const t = useMessages(sharedMessages);
  const pageMarket = useMarket();
  const format = market ?? pageMarket;
  const current = discounted ?? original;
  const reduced = current < original;
  const classes = ['shop-price', reduced ? 'shop-price--reduced' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes}>
      {reduced && (
        <s className="shop-price__original">
          <span className="shop-visually-hidden">{t('Original price:')} </span>
          {formatPrice(original, format)}
        </s>
      )}
      <span className="shop-price__current">
        {reduced && <span className="shop-visually-hidden">{t('Discounted price:')} </span>}
        {formatPrice(current, format)}
      </span>
    </span>
  );
}
