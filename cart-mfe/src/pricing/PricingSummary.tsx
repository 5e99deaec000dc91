import { type CartDiscount, type PriceSummary, formatPrice } from '@shop/shared';
import './pricing-summary.css';

export interface PricingSummaryProps {
  summary: PriceSummary;
  discount: CartDiscount;
}

/** What the discount code does, in words: "SAVE10 (10% off)" or "FREESHIP (free shipment)". */
export function describeDiscount(discount: CartDiscount): string {
  if (!discount.isDiscount || discount.discountType === null) return '';
  const effect =
    discount.discountType === 'SHIPMENT' ? 'free shipment' : `${discount.discountType}% off`;
  return `${discount.discountCode} (${effect})`;
}

/** Products, discount, shipment and total (spec §9: total = products total + shipment). */
export function PricingSummary({ summary, discount }: PricingSummaryProps) {
  const discountLabel = describeDiscount(discount);
  return (
    <dl className="cart-pricing" aria-label="Price summary">
      <div className="cart-pricing__row">
        <dt>Products</dt>
        <dd data-testid="summary-products">{formatPrice(summary.productsTotal)}</dd>
      </div>
      <div className="cart-pricing__row">
        <dt>
          Discount{discountLabel && <span className="cart-pricing__note"> {discountLabel}</span>}
        </dt>
        <dd data-testid="summary-discount">
          {summary.discountAmount > 0 ? `−${formatPrice(summary.discountAmount)}` : formatPrice(0)}
        </dd>
      </div>
      <div className="cart-pricing__row">
        <dt>Shipment</dt>
        <dd data-testid="summary-shipment">{formatPrice(summary.shipment)}</dd>
      </div>
      <div className="cart-pricing__row cart-pricing__row--total">
        <dt>Total</dt>
        <dd data-testid="summary-total">{formatPrice(summary.total)}</dd>
      </div>
    </dl>
  );
}
