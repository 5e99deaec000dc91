// Gives back all or part of a card order's payment (decision 5301): admins only, at most what was
// taken and not yet given back; the refund function refuses anything more, whatever this form says.
import { type OrderPayment } from '@shop/shared/payments/orderPayment';
import { formatPrice, marketOfOrder } from '@shop/shared';
import { fromMinorUnits } from '@shop/shared/payments/money';
import type { StaffRole } from '@shop/shared/staff/staffVocabulary';
import { useFetcher } from 'react-router-dom';
import type { StatusFormAnswer } from './staffOrders';
import { FormAnswer } from '../layout/FormAnswer';

export const REFUND_INTENT = 'refund';

export function RefundForm({
  payment,
  roles,
}: {
  payment: OrderPayment | undefined;
  roles: readonly StaffRole[];
}) {
  const fetcher = useFetcher<StatusFormAnswer>();
  const left = payment ? payment.captured - payment.refunded : 0;
  if (!payment || left <= 0 || !roles.includes('admin')) return null;
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const most = fromMinorUnits(left, payment.amount.currency);
  return (
    <fetcher.Form
      method="post"
      className="backoffice-status-form"
      aria-labelledby="backoffice-refund-heading"
    >
      <h2 id="backoffice-refund-heading" className="backoffice-section__title">
        Refund
      </h2>
      <input type="hidden" name="intent" value={REFUND_INTENT} />
      <input type="hidden" name="currency" value={payment.amount.currency} />
      <div className="backoffice-field">
        <label htmlFor="refund-amount">Amount ({payment.amount.currency})</label>
        <input
          id="refund-amount"
          name="amount"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          max={most}
          defaultValue={most}
          required
          aria-describedby="refund-left"
        />
        <p id="refund-left" className="backoffice-muted">
          At most{' '}
          {formatPrice(
            fromMinorUnits(left, payment.amount.currency),
            marketOfOrder({ currency: payment.amount.currency }),
          )}
          : what was taken and not yet refunded.
        </p>
      </div>
      <div className="backoffice-filters__actions">
        <button type="submit" className="backoffice-button" disabled={busy}>
          {busy ? 'Refunding…' : 'Refund'}
        </button>
      </div>
      <FormAnswer answer={answer} />
    </fetcher.Form>
  );
}
