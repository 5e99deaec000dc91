// The pricing summary (docs/product.md §9) wherever a basket or an order is priced: products, discount (with
// what the code does), shipment and total.
import { type PriceFormat, type PriceSummary, SHIPMENT_FEE, formatPrice } from '../pricing/pricing';
import type { CartDiscount } from '../types';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface PricingSummaryProps {
  summary: Pick<PriceSummary, 'productsTotal' | 'discountAmount' | 'shipment' | 'total'>;
  discount: CartDiscount;
  /**
   * What its amounts are written in (decision 5101): the page's market for a basket, an order's
   * own currency for an order; US dollars unless told.
   */
  priceFormat?: PriceFormat;
}

/** What the discount code does, in words: "SAVE10 (10% off)" or "FREESHIP (free shipment)". */
export function describeDiscount(discount: CartDiscount): string {
  if (!discount.isDiscount || discount.discountType === null) return '';
  const effect =
    discount.discountType === 'SHIPMENT' ? 'free shipment' : `${discount.discountType}% off`;
  return `${discount.discountCode} (${effect})`;
}

export function PricingSummary({ summary, discount, priceFormat }: PricingSummaryProps) {
  const discountLabel = describeDiscount(discount);
  // A free-shipment code takes nothing off the products: the row says what it saved, the fee
  // ("Discount $0.00" told the shopper the code did nothing).
  const shippingSaved =
    discount.isDiscount && discount.discountType === 'SHIPMENT' && summary.productsTotal > 0;
  return (
    <dl className="shop-pricing" aria-label="Price summary">
      <div className="shop-pricing__row">
        <dt>Products</dt>
        <dd data-testid="summary-products">{formatPrice(summary.productsTotal, priceFormat)}</dd>
      </div>
      {shippingSaved ? (
        <div className="shop-pricing__row">
          <dt>
            Shipping saved<span className="shop-pricing__note"> {discountLabel}</span>
          </dt>
          <dd data-testid="summary-shipping-saved">{formatPrice(SHIPMENT_FEE, priceFormat)}</dd>
        </div>
      ) : (
        <div className="shop-pricing__row">
          <dt>
            Discount{discountLabel && <span className="shop-pricing__note"> {discountLabel}</span>}
          </dt>
          <dd data-testid="summary-discount">
            {summary.discountAmount > 0
              ? `−${formatPrice(summary.discountAmount, priceFormat)}`
              : formatPrice(0, priceFormat)}
          </dd>
        </div>
      )}
      <div className="shop-pricing__row">
        <dt>Shipment</dt>
        <dd data-testid="summary-shipment">{formatPrice(summary.shipment, priceFormat)}</dd>
      </div>
      <div className="shop-pricing__row shop-pricing__row--total">
        <dt>Total</dt>
        <dd data-testid="summary-total">{formatPrice(summary.total, priceFormat)}</dd>
      </div>
    </dl>
  );
}
