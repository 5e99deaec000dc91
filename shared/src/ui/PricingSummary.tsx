// The pricing summary (docs/product.md §9) wherever a basket or an order is priced: products, discount (with
// what the code does), shipment and total.
import { useMessages } from '../i18n/messages';
import { sharedMessages } from '../messages';
import { formatMessage, type Translate } from '../i18n/format';
import { type PriceSummary, SHIPMENT_FEE, formatPrice } from '../pricing/pricing';
import type { CartDiscount } from '../types';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface PricingSummaryProps {
  summary: Pick<PriceSummary, 'productsTotal' | 'discountAmount' | 'shipment' | 'total'>;
  discount: CartDiscount;
}

/** What the discount code does, in words: "SAVE10 (10% off)" or "FREESHIP (free shipment)". */
export function describeDiscount(discount: CartDiscount, t: Translate = formatMessage): string {
  if (!discount.isDiscount || discount.discountType === null) return '';
  const effect =
    discount.discountType === 'SHIPMENT'
      ? t('free shipment')
      : t('{percent}% off', { percent: discount.discountType });
  return `${discount.discountCode} (${effect})`;
}

export function PricingSummary({ summary, discount }: PricingSummaryProps) {
  const t = useMessages(sharedMessages);
  const discountLabel = describeDiscount(discount, t);
  // A free-shipment code takes nothing off the products: the row says what it saved, the fee
  // ("Discount $0.00" told the shopper the code did nothing).
  const shippingSaved =
    discount.isDiscount && discount.discountType === 'SHIPMENT' && summary.productsTotal > 0;
  return (
    <dl className="shop-pricing" aria-label={t('Price summary')}>
      <div className="shop-pricing__row">
        <dt>{t('Products')}</dt>
        <dd data-testid="summary-products">{formatPrice(summary.productsTotal)}</dd>
      </div>
      {shippingSaved ? (
        <div className="shop-pricing__row">
          <dt>
            {t('Shipping saved')}
            <span className="shop-pricing__note"> {discountLabel}</span>
          </dt>
          <dd data-testid="summary-shipping-saved">{formatPrice(SHIPMENT_FEE)}</dd>
        </div>
      ) : (
        <div className="shop-pricing__row">
          <dt>
            {t('Discount')}
            {discountLabel && <span className="shop-pricing__note"> {discountLabel}</span>}
          </dt>
          <dd data-testid="summary-discount">
            {summary.discountAmount > 0
              ? `−${formatPrice(summary.discountAmount)}`
              : formatPrice(0)}
          </dd>
        </div>
      )}
      <div className="shop-pricing__row">
        <dt>{t('Shipment')}</dt>
        <dd data-testid="summary-shipment">{formatPrice(summary.shipment)}</dd>
      </div>
      <div className="shop-pricing__row shop-pricing__row--total">
        <dt>{t('Total')}</dt>
        <dd data-testid="summary-total">{formatPrice(summary.total)}</dd>
      </div>
    </dl>
  );
}
