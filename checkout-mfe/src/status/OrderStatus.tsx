// The order-status page (decision 1405): a guest types the order number and the email
// given at checkout and sees the order's receipt, or why not. The form posts to the route's action
// (routes/order-status.tsx), which asks the `orderStatus` function.
import { Button, sharedMessages, useMarket, useMessages, type Translate } from '@shop/shared';
import { formatDate } from '@shop/shared/i18n/format';
import { messages } from '../messages';
import { TextField } from '@shop/shared/forms';
import { OrderProgress } from '@shop/shared/ui';
import { PaymentSteps } from '@shop/shared/payments/PaymentSteps';
import { useLayoutEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router-dom';
import { FactList, OrderLines, capitalise, fieldLabel } from '../confirmation/Confirmation';
import { PAYMENT_FIELD } from '../order/orderForm';
import type { OrderReceipt } from '@shop/shared';
import type { OrderStatusResult } from './orderStatusService';
import './order-status.css';
import { ORDER_NUMBER_MAX_LENGTH, orderStatusLabel } from '@shop/shared/order/orderVocabulary';

/** Why no receipt is shown, in the page's language. */
function outcomeMessage(result: Exclude<OrderStatusResult, { status: 'found' }>, t: Translate) {
  switch (result.status) {
    case 'not-found':
      return t('No order matches this number and email address.');
    case 'invalid':
      return t('Please check the order number (for example TL-7F3K2Q) and the email address.');
    case 'too-many': {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return minutes === 1
        ? t('Too many look-ups. Please try again in {minutes} minute.', { minutes })
        : t('Too many look-ups. Please try again in {minutes} minutes.', { minutes });
    }
    default:
      return t('The order service is unreachable. Please try again.');
  }
}

/** The order's date as its market writes dates (decision 5101). */
const RECEIPT_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

export function Receipt({ receipt }: { receipt: OrderReceipt }) {
  const t = useMessages(messages);
  // The shared package's words: the status's label (orderStatusLabel).
  const sharedTexts = useMessages(sharedMessages);
  const { locale } = useMarket();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new receipt takes the focus, so a screen reader reads it and Tab continues from it.
  useLayoutEffect(() => heading.current?.focus(), [receipt]);
  const facts: [string, string][] = [
    [t('Status'), sharedTexts(orderStatusLabel(receipt.status))],
    [t('Date'), formatDate(receipt.timestamp, locale, RECEIPT_DATE)],
    [fieldLabel(PAYMENT_FIELD), capitalise(receipt.paymentMethod)],
    [t('Ship to'), `${receipt.shipping.name}, ${receipt.shipping.city}`],
  ];
  return (
    <section className="checkout-status__receipt" aria-labelledby="checkout-status-receipt">
      <h2 id="checkout-status-receipt" ref={heading} tabIndex={-1}>
        {t('Order')} <span className="checkout-confirmation__number">{receipt.number}</span>
      </h2>
      <div className="checkout-confirmation__grid">
        <div className="checkout-confirmation__card">
          <FactList facts={facts} />
          {receipt.history?.length ? (
            <OrderProgress
              placedAt={receipt.timestamp}
              history={receipt.history}
              headingLevel={3}
            />
          ) : null}
          {receipt.payment ? <PaymentSteps payment={receipt.payment} headingLevel={3} /> : null}
        </div>
        <div className="checkout-confirmation__card">
          <h3>{t('{count} products ordered:', { count: receipt.totalQuantity })}</h3>
          <OrderLines order={receipt} />
        </div>
      </div>
    </section>
  );
}

function Outcome({ result }: { result: OrderStatusResult }) {
  const t = useMessages(messages);
  if (result.status === 'found') return <Receipt receipt={result.receipt} />;
  return (
    <div role="alert" className="checkout-confirmation__alert">
      <p>{outcomeMessage(result, t)}</p>
    </div>
  );
}

export interface OrderStatusProps {
  /** The number the page was opened with (`?number=`, the confirmation's link). */
  initialNumber: string;
  /** The action's answer, once the form was sent. */
  result?: OrderStatusResult | undefined;
}

export function OrderStatus({ initialNumber, result }: OrderStatusProps) {
  const t = useMessages(messages);
  const navigation = useNavigation();
  const searching = navigation.state === 'submitting';
  return (
    <section className="checkout-status" aria-labelledby="checkout-status-title">
      <h1 id="checkout-status-title">{t('Order status')}</h1>
      <p className="checkout-status__intro">
        {t(
          'Enter the order number from your confirmation and the email address you gave at checkout.',
        )}
      </p>
      <Form method="post" className="checkout-status__form" aria-label={t('Find an order')}>
        <TextField
          id="order-status-number"
          name="number"
          label={t('Order number')}
          placeholder="TL-7F3K2Q"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ORDER_NUMBER_MAX_LENGTH}
          required
          defaultValue={initialNumber}
        />
        <TextField
          id="order-status-email"
          name="email"
          label={t('Email address')}
          type="email"
          autoComplete="email"
          maxLength={200}
          required
        />
        <Button type="submit" busy={searching} busyLabel={t('Searching...')}>
          {t('Find my order')}
        </Button>
      </Form>
      <div className="checkout-status__result" aria-live="polite">
        {result && !searching ? <Outcome result={result} /> : null}
      </div>
    </section>
  );
}
