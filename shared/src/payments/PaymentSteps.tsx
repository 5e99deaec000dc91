// A card order's payment as its shopper and the shop's staff read it (decision 5301): what is
// held, taken or given back, and each step with its date and amount. No card data: the
// provider keeps it.
import { useId } from 'react';
import { sharedMessages, useMessages } from '@shop/shared';
import { translatable } from '../i18n/translatable';
import { StepTime } from '../ui/OrderProgress';
import { marketOfOrder } from '../markets/markets';
import { formatPrice } from '../pricing/pricing';
import { fromMinorUnits } from './money';
import { type OrderPayment, PAYMENT_STEP_LABELS, type PaymentSummary } from './orderPayment';

const STATUS_TEXTS: Record<OrderPayment['status'], string> = {
  authorised: translatable('Held on your card; taken when the order ships'),
  captured: translatable('Paid'),
  cancelled: translatable('Released: nothing was taken'),
  'partly-refunded': translatable('Paid, partly refunded'),
  refunded: translatable('Refunded'),
};

export function PaymentSteps({
  payment,
  headingLevel = 2,
}: {
  payment: PaymentSummary;
  /** The heading's level in the page around it. */
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const t = useMessages(sharedMessages);
  // The same translator, for the tables' texts (marked translatable() where they are written).
  const translate = t;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // As the order's other amounts: its currency with its market's locale ("$189.99" as before,
  // "189,99 €"; decision 5101).
  const currency = payment.amount.currency;
  const market = marketOfOrder({ currency });
  const money = (amount: number) => formatPrice(fromMinorUnits(amount, currency), market);
  // The database sends a list as an array, a changed part of one as an object.
  const steps = Object.values(payment.history ?? {});
  return (
    <section className="shop-order-progress" aria-labelledby={headingId}>
      <Heading id={headingId} className="shop-order-progress__title">
        {t('Card payment')}
      </Heading>
      <p>
        {translate(STATUS_TEXTS[payment.status])} · {money(payment.amount.amount)}
        {payment.refunded > 0
          ? ` · ${t('{amount} refunded', { amount: money(payment.refunded) })}`
          : ''}
      </p>
      <ol className="shop-order-progress__steps">
        {steps.map((step) => (
          <li key={`${step.at}-${step.step}-${step.amount}`} className="shop-order-progress__step">
            <span className="shop-order-progress__status">
              {translate(PAYMENT_STEP_LABELS[step.step])}
            </span>{' '}
            {money(step.amount)} <StepTime at={step.at} />
          </li>
        ))}
      </ol>
    </section>
  );
}
