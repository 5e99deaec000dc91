// Discount codes live at `discounts/{CODE}`, readable only by exact path (no listing), so a code
// is looked up as typed (trimmed, upper-cased). Characters that are not legal in a database key
// would change the path, so such input is "unknown" without asking the server.
import {
  type CartDiscount,
  type DiscountAmounts,
  type DiscountCode,
  type PriceFormat,
  ROOT_MARKET,
  fixedDiscountIn,
  formatPrice,
  getData,
  isPercentDiscount,
} from '@shop/shared';
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
import { isCurrency } from '@shop/shared/payments/money';

const CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

export type DiscountLookup =
  | { status: 'applied'; discount: CartDiscount }
  | { status: 'empty' }
  | { status: 'unknown'; code: string }
  /** A fixed-amount code with no amount in the basket's currency (decision 5101). */
  | { status: 'not-here'; code: string; currency: string }
  | { status: 'error'; message: string };

export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

/** A stored code's amounts in the currencies we charge in, as the rules let a basket copy them. */
function amountsOf(raw: unknown): DiscountAmounts {
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw).filter(([c, amount]) => isCurrency(c) && typeof amount === 'number'),
  );
}

/** The code typed, as the basket keeps it, for a basket in `currency` (the page market's). */
export async function lookupDiscount(input: string, currency = 'USD'): Promise<DiscountLookup> {
  const code = normaliseCode(input);
  if (code === '') return { status: 'empty' };
  if (!CODE_PATTERN.test(code)) return { status: 'unknown', code };
  const result = await getData<DiscountCode>(`discounts/${code}`);
  if (result.status !== 200) return { status: 'error', message: result.error.message };
  const stored = result.response;
  if (stored?.discountType === 'AMOUNT') {
    // An amount per currency (decision 5101): none in the basket's, the code does not apply here.
    const amounts = amountsOf(stored.amounts);
    if (fixedDiscountIn('AMOUNT', amounts, currency) === null) {
      return { status: 'not-here', code, currency };
    }
    return {
      status: 'applied',
      discount: { isDiscount: true, discountType: 'AMOUNT', discountCode: code, amounts },
    };
  }
  // A code whose type we cannot price (not 10..99 and not SHIPMENT) is not honoured.
  if (!stored || !(stored.discountType === 'SHIPMENT' || isPercentDiscount(stored.discountType))) {
    return { status: 'unknown', code };
  }
  return {
    status: 'applied',
    discount: { isDiscount: true, discountType: stored.discountType, discountCode: code },
  };
}

/**
 * The message shown under the field for each outcome, in the page's language (`t`), amounts in
 * `market`'s currency.
 */
export function discountMessage(
  lookup: DiscountLookup,
  t: Translate = formatMessage,
  market: PriceFormat = ROOT_MARKET,
): string {
  switch (lookup.status) {
    case 'empty':
      return t('Please enter a discount code.');
    case 'unknown':
      return t('The discount code "{code}" doesn\'t exist.', { code: lookup.code });
    case 'not-here':
      return t('The discount code "{code}" can\'t be used for a basket in {currency}.', {
        code: lookup.code,
        currency: lookup.currency,
      });
    case 'error':
      return t("We couldn't check the code right now. Please try again in a moment.");
    case 'applied':
      return appliedMessage(lookup.discount, t, market);
  }
}

/**
 * "Code SAVE10 applied: 10% off." / "Code FREESHIP applied: free shipment." / "Code TENOFF
 * applied: $10.00 off." (its amount in `market`'s currency; none there: it does not apply).
 */
export function appliedMessage(
  discount: CartDiscount,
  t: Translate = formatMessage,
  market: PriceFormat = ROOT_MARKET,
): string {
  if (discount.discountType === 'AMOUNT') {
    const amount = fixedDiscountIn('AMOUNT', discount.amounts, market.currency);
    return amount === null
      ? t("Code {code} can't be used for a basket in {currency}.", {
          code: discount.discountCode,
          currency: market.currency,
        })
      : t('Code {code} applied: {effect}.', {
          code: discount.discountCode,
          effect: t('{amount} off', { amount: formatPrice(amount, market) }),
        });
  }
  const effect =
    discount.discountType === 'SHIPMENT'
      ? t('free shipment')
      : t('{percent}% off', { percent: String(discount.discountType) });
  return t('Code {code} applied: {effect}.', { code: discount.discountCode, effect });
}
