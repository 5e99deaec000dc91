import { type StoredOrder, formatPrice, priceLines } from '@shop/shared';
import './order-pricing.css';

/** The pricing summary of a stored order: products, discount, shipment and the stored total. */
export function OrderPricing({ order }: { order: StoredOrder }) {
  const summary = priceLines(order.products, order.discount);
  const { discount } = order;
  const code =
    discount.isDiscount && discount.discountType !== null
      ? ` ${discount.discountCode} (${discount.discountType === 'SHIPMENT' ? 'free shipment' : `${discount.discountType}% off`})`
      : '';
  return (
    <dl className="checkout-pricing" aria-label="Price summary">
      <div className="checkout-pricing__row">
        <dt>Products</dt>
        <dd data-testid="summary-products">{formatPrice(summary.productsTotal)}</dd>
      </div>
      <div className="checkout-pricing__row">
        <dt>
          Discount<span className="checkout-pricing__note">{code}</span>
        </dt>
        <dd data-testid="summary-discount">
          {summary.discountAmount > 0 ? `−${formatPrice(summary.discountAmount)}` : formatPrice(0)}
        </dd>
      </div>
      <div className="checkout-pricing__row">
        <dt>Shipment</dt>
        <dd data-testid="summary-shipment">{formatPrice(order.shipment)}</dd>
      </div>
      <div className="checkout-pricing__row checkout-pricing__row--total">
        <dt>Total</dt>
        <dd data-testid="summary-total">{formatPrice(order.totalPrice)}</dd>
      </div>
    </dl>
  );
}
