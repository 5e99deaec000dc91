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

/** Original price struck through next to the discounted one ("$120.00 $89.99"). */
export function Price({ original, discounted, className, market }: PriceProps) {
  const current = discounted ?? original;
  const reduced = current < original;
  const classes = ['shop-price', reduced ? 'shop-price--reduced' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes}>
      {reduced && (
        <s className="shop-price__original">
          <span className="shop-visually-hidden">Original price: </span>
          {formatPrice(original, market)}
        </s>
      )}
      <span className="shop-price__current">
        {reduced && <span className="shop-visually-hidden">Discounted price: </span>}
        {formatPrice(current, market)}
      </span>
    </span>
  );
}
