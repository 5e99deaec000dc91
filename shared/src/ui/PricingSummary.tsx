// The pricing summary (docs/product.md §9) wherever a basket or an order is priced: products, discount (with
// what the code does), shipment and total.
// The main module's texts and market (one React context and one loaded catalogue per page): this
// part is bundled into each app that imports it (decision 1312; shared/CONTRACT.md §9b).
import { ROOT_MARKET, sharedMessages, useMessages } from '@shop/shared';
import { formatMessage, type Translate } from '../i18n/format';
import {
  type PriceFormat,
  type PriceSummary,
  fixedDiscountIn,
  formatPrice,
} from '../pricing/pricing';
import type { CartDiscount } from '../types';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface PricingSummaryProps {
  summary: Pick<PriceSummary, 'productsTotal' | 'discountAmount' | 'shipment' | 'total'>;
  discount: CartDiscount;
  /**
   * What the amounts are written in and the fee a free-shipment code saves: the page's market
   * for a basket, the order's for an order (decision 5101). Absent: US dollars, $9.99.
   */
  market?: PriceFormat & { shippingFee: number; pricesIncludeTax?: boolean };
}

/**
 * What the discount code does, in words: "SAVE10 (10% off)", "FREESHIP (free shipment)" or
 * "TENOFF ($10.00 off)"; a fixed-amount code with no amount in the currency does not apply there.
 */
export function describeDiscount(
  discount: CartDiscount,
  market: PriceFormat = ROOT_MARKET,
  t: Translate = formatMessage,
): string {
  if (!discount.isDiscount || discount.discountType === null) return '';
  return `${discount.discountCode} (${discountEffect(discount, market, t)})`;
}

function discountEffect(discount: CartDiscount, market: PriceFormat, t: Translate): string {
  if (discount.discountType === 'SHIPMENT') return t('free shipment');
  if (discount.discountType === 'AMOUNT') {
    const amount = fixedDiscountIn('AMOUNT', discount.amounts, market.currency);
    return amount === null
      ? t('not valid in {currency}', { currency: market.currency })
      : t('{amount} off', { amount: formatPrice(amount, market) });
  }
  return t('{percent}% off', { percent: String(discount.discountType) });
}

export function PricingSummary({ summary, discount, market = ROOT_MARKET }: PricingSummaryProps) {
  const t = useMessages(sharedMessages);
  const discountLabel = describeDiscount(discount, market, t);
  // A free-shipment code takes nothing off the products: the row says what it saved, the fee
  // ("Discount $0.00" told the shopper the code did nothing).
  const shippingSaved =
    discount.isDiscount && discount.discountType === 'SHIPMENT' && summary.productsTotal > 0;
  return (
    <dl className="shop-pricing" aria-label={t('Price summary')}>
      <div className="shop-pricing__row">
        <dt>{t('Products')}</dt>
        <dd data-testid="summary-products">{formatPrice(summary.productsTotal, market)}</dd>
      </div>
      {shippingSaved ? (
        <div className="shop-pricing__row">
          <dt>
            {t('Shipping saved')}
            <span className="shop-pricing__note"> {discountLabel}</span>
          </dt>
          <dd data-testid="summary-shipping-saved">{formatPrice(market.shippingFee, market)}</dd>
        </div>
      ) : (
        <div className="shop-pricing__row">
          <dt>
            {t('Discount')}
            {discountLabel && <span className="shop-pricing__note"> {discountLabel}</span>}
          </dt>
          <dd data-testid="summary-discount">
            {summary.discountAmount > 0
              ? `−${formatPrice(summary.discountAmount, market)}`
              : formatPrice(0, market)}
          </dd>
        </div>
      )}
      <div className="shop-pricing__row">
        <dt>{t('Shipment')}</dt>
        <dd data-testid="summary-shipment">{formatPrice(summary.shipment, market)}</dd>
      </div>
      <div className="shop-pricing__row shop-pricing__row--total">
        {/* Where prices include VAT, the total says so (decision 5101). */}
        <dt>{market.pricesIncludeTax ? t('Total incl. VAT') : t('Total')}</dt>
        <dd data-testid="summary-total">{formatPrice(summary.total, market)}</dd>
      </div>
    </dl>
  );
}
