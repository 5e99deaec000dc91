import { useMessages } from '../i18n/messages';
import { sharedMessages } from '../messages';
import { formatPrice } from '../pricing/pricing';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface PriceProps {
  /** The regular price. */
  original: number;
  /** The price to pay; when lower than `original` the original is shown struck through. */
  discounted?: number;
  className?: string;
}

/** Original price struck through next to the discounted one ("$120.00 $89.99"). */
export function Price({ original, discounted, className }: PriceProps) {
  const t = useMessages(sharedMessages);
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
          {formatPrice(original)}
        </s>
      )}
      <span className="shop-price__current">
        {reduced && <span className="shop-visually-hidden">{t('Discounted price:')} </span>}
        {formatPrice(current)}
      </span>
    </span>
  );
}
