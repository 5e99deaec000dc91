// Pricing (docs/product.md §9): one price formatter, the discount factor, the shipment fee and the totals.
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN, SHIPMENT_FEE } from '../constants';
import { ROOT_MARKET } from '../markets/markets';
import type { CartDiscount, DiscountAmounts, DiscountType, ProductLine } from '../types';

export { SHIPMENT_FEE };

// Made on the first price shown, not when the module loads: a page's first Intl object loads
// the browser's locale data, 5–20 ms of main thread (20–80 ms at Lighthouse's 4× throttling),
// which then sat inside the long task that evaluates the first render's modules (decision 1306).
// One per market: a page shows one market's prices (decision 5101).
const formats = new Map<string, Intl.NumberFormat>();

/** What a price is written in: the market's locale and currency (decision 5101). */
export interface PriceFormat {
  locale: string;
  currency: string;
}

/**
 * A price as the market's shoppers read it: "$12.50" in the United States (docs/product.md §1,
 * §9), "12,50 €" in Germany, "£12.50" in the United Kingdom.
 */
export function formatPrice(amount: number, market: PriceFormat = ROOT_MARKET): string {
  const key = `${market.locale} ${market.currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(market.locale, { style: 'currency', currency: market.currency });
    formats.set(key, format);
  }
  return format.format(Number.isFinite(amount) ? amount : 0);
}

/** Rounds to whole cents (half away from zero), avoiding binary drift such as 0.1 + 0.2. */
export function roundToCents(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100 + Number.EPSILON * 100);
  return (Math.sign(amount) * cents) / 100 || 0;
}

/** True for a numeric percentage we accept: an integer 10..99. */
export function isPercentDiscount(
  discountType: DiscountType | null | undefined,
): discountType is number {
  return (
    typeof discountType === 'number' &&
    Number.isInteger(discountType) &&
    discountType >= DISCOUNT_PERCENT_MIN &&
    discountType <= DISCOUNT_PERCENT_MAX
  );
}

/**
 * Price factor of a discount (docs/product.md §9). For the two-digit percentages we accept
 * (10..99) "0.d" is exactly d/100, so the factor is 1 − d/100 (25 → 0.75). Anything else
 * ('SHIPMENT', null, out-of-range numbers) gives 1.
 */
export function discountFactor(discountType: DiscountType | null | undefined): number {
  return isPercentDiscount(discountType) ? 1 - discountType / 100 : 1;
}

/**
 * Shipment of a basket: the market's fee (SHIPMENT_FEE, $9.99, in the United States), or 0 with
 * the discount type 'SHIPMENT' or no products.
 */
export function shipmentFor(
  discountType: DiscountType | null | undefined,
  hasProducts = true,
  fee: number = SHIPMENT_FEE,
): number {
  if (!hasProducts) return 0;
  return discountType === 'SHIPMENT' ? 0 : fee;
}

/** What a basket is priced in: a market's currency and shipping fee (decision 5101). */
export interface PricingMarket {
  currency: string;
  shippingFee: number;
}

/**
 * A fixed-amount code's amount in `currency` (decision 5101), or null when it has none there (the
 * code does not apply in that currency) or the type is not 'AMOUNT'.
 */
export function fixedDiscountIn(
  discountType: DiscountType | null | undefined,
  amounts: DiscountAmounts | null | undefined,
  currency: string,
): number | null {
  if (discountType !== 'AMOUNT') return null;
  const amount = amounts?.[currency];
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : null;
}

export interface PriceSummary {
  /** Sum of discountedPrice × quantity, before the discount code. */
  productsTotal: number;
  /** What the discount code takes off the products (≥ 0). */
  discountAmount: number;
  shipment: number;
  /** productsTotal − discountAmount + shipment, rounded to cents. */
  total: number;
}

type PricedLine = Pick<ProductLine, 'discountedPrice' | 'quantity'>;

/**
 * Totals of a basket (docs/product.md §9: total = products total + shipment; the percentage factor applies
 * to discounted prices), in `market`'s currency with its shipping fee (the United States' unless
 * told; decision 5101). A fixed-amount code takes its amount in that currency off the products,
 * never more than they cost, and nothing where it has no amount. An empty basket costs nothing,
 * shipment included.
 */
export function priceLines(
  lines: readonly PricedLine[],
  discount?: Pick<CartDiscount, 'isDiscount' | 'discountType' | 'amounts'> | null,
  market: PricingMarket = ROOT_MARKET,
): PriceSummary {
  const productsTotal = roundToCents(
    lines.reduce((sum, line) => sum + line.discountedPrice * line.quantity, 0),
  );
  const discountType = discount?.isDiscount ? discount.discountType : null;
  const fixed = fixedDiscountIn(discountType, discount?.amounts, market.currency);
  const discounted =
    fixed === null
      ? roundToCents(productsTotal * discountFactor(discountType))
      : roundToCents(Math.max(0, productsTotal - fixed));
  const discountAmount = roundToCents(productsTotal - discounted);
  const shipment = shipmentFor(
    discountType,
    lines.some((l) => l.quantity > 0),
    market.shippingFee,
  );
  return { productsTotal, discountAmount, shipment, total: roundToCents(discounted + shipment) };
}
