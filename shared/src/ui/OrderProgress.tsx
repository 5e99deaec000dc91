// An order's progress as its shopper reads it (decision 5201): placed, then each move the shop's
// staff made, with its date, and once shipped the carrier and tracking number. The account's order
// page and the guest's order-status page show it alike.
import { useId } from 'react';
import { sharedMessages, useMarket, useMessages } from '@shop/shared';
import { formatDate } from '../i18n/format';
import { orderStatusLabel } from '../order/orderVocabulary';
import type { OrderStatusStep } from '../types';
import './orderProgress.css';

const STEP_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** When a step of an order (or of its payment) happened, as its pages write it: in their locale. */
export function StepTime({ at }: { at: number }) {
  const { locale } = useMarket();
  return <time dateTime={new Date(at).toISOString()}>{formatDate(at, locale, STEP_TIME)}</time>;
}

export interface OrderProgressProps {
  /** When the order was placed (its first step). */
  placedAt: number;
  history?: readonly OrderStatusStep[];
  /** The heading's level in the page around it. */
  headingLevel?: 2 | 3;
}

export function OrderProgress({ placedAt, history = [], headingLevel = 2 }: OrderProgressProps) {
  const headingId = useId();
  const t = useMessages(sharedMessages);
  // The same translator, for the statuses' labels (marked translatable() where they are written).
  const translate = t;
  const steps: OrderStatusStep[] = [{ at: placedAt, to: 'placed' }, ...history];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="shop-order-progress" aria-labelledby={headingId}>
      <Heading id={headingId} className="shop-order-progress__title">
        {t('Order progress')}
      </Heading>
      <ol className="shop-order-progress__steps">
        {steps.map((step, index) => (
          <li
            key={`${step.at}-${step.to}`}
            className="shop-order-progress__step"
            aria-current={index === steps.length - 1 ? 'step' : undefined}
          >
            <span className="shop-order-progress__status">
              {translate(orderStatusLabel(step.to))}
            </span>{' '}
            <StepTime at={step.at} />
            {step.carrier && step.tracking ? (
              <span className="shop-order-progress__parcel">
                {step.carrier}, {t('tracking number')} <span translate="no">{step.tracking}</span>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
