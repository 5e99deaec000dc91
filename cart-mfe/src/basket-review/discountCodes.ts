// Discount codes live at `discounts/{CODE}`, readable only by exact path (no listing), so a code
// is looked up as typed (trimmed, upper-cased). Characters that are not legal in a database key
// would change the path, so such input is "unknown" without asking the server.
import { type CartDiscount, type DiscountCode, getData, isPercentDiscount } from '@shop/shared';
import { formatMessage, type Translate } from '@shop/shared/i18n/format';

const CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

export type DiscountLookup =
  | { status: 'applied'; discount: CartDiscount }
  | { status: 'empty' }
  | { status: 'unknown'; code: string }
  | { status: 'error'; message: string };

export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

export async function lookupDiscount(input: string): Promise<DiscountLookup> {
  const code = normaliseCode(input);
  if (code === '') return { status: 'empty' };
  if (!CODE_PATTERN.test(code)) return { status: 'unknown', code };
  const result = await getData<DiscountCode>(`discounts/${code}`);
  if (result.status !== 200) return { status: 'error', message: result.error.message };
  const stored = result.response;
  // A code whose type we cannot price (not 10..99 and not SHIPMENT) is not honoured.
  if (!stored || !(stored.discountType === 'SHIPMENT' || isPercentDiscount(stored.discountType))) {
    return { status: 'unknown', code };
  }
  return {
    status: 'applied',
    discount: { isDiscount: true, discountType: stored.discountType, discountCode: code },
  };
}

/** The message shown under the field for each outcome. */
export function discountMessage(lookup: DiscountLookup, t: Translate = formatMessage): string {
  switch (lookup.status) {
    case 'empty':
      return t('Please enter a discount code.');
    case 'unknown':
      return t('The discount code "{code}" doesn\'t exist.', { code: lookup.code });
    case 'error':
      return t("We couldn't check the code right now. Please try again in a moment.");
    case 'applied':
      return appliedMessage(lookup.discount, t);
  }
}

/** "Code SAVE10 applied: 10% off." / "Code FREESHIP applied: free shipment." */
export function appliedMessage(discount: CartDiscount, t: Translate = formatMessage): string {
  const effect =
    discount.discountType === 'SHIPMENT'
      ? t('free shipment')
      : t('{percent}% off', { percent: String(discount.discountType) });
  return t('Code {code} applied: {effect}.', { code: discount.discountCode, effect });
}
