// The order-status page (decision 1405): a guest types the order number and the email
// given at checkout and sees the order's receipt, or why not. The form posts to the route's action
// (routes/order-status.tsx), which asks the `orderStatus` function.
import { Button } from '@shop/shared';
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

export const STATUS_MESSAGES = {
  notFound: 'No order matches this number and email address.',
  invalid: 'Please check the order number (for example TL-7F3K2Q) and the email address.',
  unreachable: 'The order service is unreachable. Please try again.',
  tooMany: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many look-ups. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
} as const;

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function Receipt({ receipt }: { receipt: OrderReceipt }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new receipt takes the focus, so a screen reader reads it and Tab continues from it.
  useLayoutEffect(() => heading.current?.focus(), [receipt]);
  const facts: [string, string][] = [
    ['Status', orderStatusLabel(receipt.status)],
    ['Date', DATE_FORMAT.format(new Date(receipt.timestamp))],
    [fieldLabel(PAYMENT_FIELD), capitalise(receipt.paymentMethod)],
    ['Ship to', `${receipt.shipping.name}, ${receipt.shipping.city}`],
  ];
  return (
    <section className="checkout-status__receipt" aria-labelledby="checkout-status-receipt">
      <h2 id="checkout-status-receipt" ref={heading} tabIndex={-1}>
        Order <span className="checkout-confirmation__number">{receipt.number}</span>
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
          <h3>{receipt.totalQuantity} products ordered:</h3>
          <OrderLines order={receipt} />
        </div>
      </div>
    </section>
  );
}

function Outcome({ result }: { result: OrderStatusResult }) {
  if (result.status === 'found') return <Receipt receipt={result.receipt} />;
  const message =
    result.status === 'not-found'
      ? STATUS_MESSAGES.notFound
      : result.status === 'invalid'
        ? STATUS_MESSAGES.invalid
        : result.status === 'too-many'
          ? STATUS_MESSAGES.tooMany(result.retryAfterSeconds)
          : STATUS_MESSAGES.unreachable;
  return (
    <div role="alert" className="checkout-confirmation__alert">
      <p>{message}</p>
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
  const navigation = useNavigation();
  const searching = navigation.state === 'submitting';
  return (
    <section className="checkout-status" aria-labelledby="checkout-status-title">
      <h1 id="checkout-status-title">Order status</h1>
      <p className="checkout-status__intro">
        Enter the order number from your confirmation and the email address you gave at checkout.
      </p>
      <Form method="post" className="checkout-status__form" aria-label="Find an order">
        <TextField
          id="order-status-number"
          name="number"
          label="Order number"
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
          label="Email address"
          type="email"
          autoComplete="email"
          maxLength={200}
          required
        />
        <Button type="submit" busy={searching} busyLabel="Searching...">
          Find my order
        </Button>
      </Form>
      <div className="checkout-status__result" aria-live="polite">
        {result && !searching ? <Outcome result={result} /> : null}
      </div>
    </section>
  );
}
