// What the basket review says about going on to the details step (decision 1406): only once every
// line is priced and none wants more than is left of its size.
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
import type { BasketLine } from '../catalog/productLines';

export interface ReviewState {
  /** Every line has its catalog data and there is at least one: the totals are the basket's. */
  priced: boolean;
  /** "Continue to details" is offered. */
  canContinue: boolean;
  /** Why it is not, when it is not. */
  hint: string;
}

export function reviewState(
  loading: boolean,
  lines: readonly BasketLine[],
  t: Translate = formatMessage,
): ReviewState {
  const unavailable = lines.some((l) => l.status !== 'ready');
  const beyondStock = lines.some((l) => l.status === 'ready' && l.stockWarning !== null);
  const priced = !loading && !unavailable && lines.length > 0;
  const canContinue = priced && !beyondStock;
  const hint = canContinue
    ? ''
    : loading
      ? t('Loading prices...')
      : unavailable
        ? t('Remove the unavailable products to continue.')
        : t('Lower the quantities marked above to what is left to continue.');
  return { priced, canContinue, hint };
}
