// The order confirmation screen (docs/product.md §2): success with what was provided and ordered, or the
// failure page. The basket is kept on failure, so "Try again" goes straight back to the form.
import {
  BASKET_LINES_MAX,
  MESSAGES,
  sharedMessages,
  lineKey,
  marketOfOrder,
  priceLines,
  useAuth,
  useMessages,
  type StoredOrder,
  type Translate,
  useShopContext,
} from '@shop/shared';
import { messages } from '../messages';
import { getFieldMeta } from '@shop/shared/forms';
import { PricingSummary, ProductListItem } from '@shop/shared/ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PAYMENT_FIELD, PERSONAL_FIELDS } from '../order/orderForm';
import {
  type OrderFailureReason,
  REASONS_FIXED_IN_BASKET,
  REASONS_NAMING_ITEMS,
} from '@shop/shared/order/orderVocabulary';
import { signInReturningTo } from '../session/signIn';
import { StepIndicator } from '../steps/StepIndicator';
import './confirmation.css';
import { CHECKOUT_PATHS } from '../routes/ownPaths';

export type ConfirmationData =
  | { outcome: 'sent'; order: StoredOrder }
  | { outcome: 'failed'; reason: OrderFailureReason; detail?: string };

/**
 * docs/product.md §2: the labels of the form ("Phone number", "ZIP Code"), from the one table in shared;
 * a name without an entry there gets its hyphens replaced by spaces ("Payment method").
 */
export const fieldLabel = (name: string) => getFieldMeta(name).label;
export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** What a failure means for the shopper, in the page's language. */
function failureDetail(reason: OrderFailureReason, t: Translate): string {
  switch (reason) {
    case 'invalid-details':
      return t('Some of your details are missing or invalid. Please check them.');
    case 'signup':
      return MESSAGES.signUpFailed;
    case 'unavailable':
      return t('A product in your basket is no longer available. Please review your basket.');
    case 'discount':
      return t('Your discount code is no longer valid. Please review your basket.');
    case 'first-order-only':
      return t(
        'Your basket and your details are kept: remove the code in your basket to order without it.',
      );
    case 'out-of-stock':
      return t(
        'Your basket and your details are kept: review your basket, it shows what is left of each size.',
      );
    case 'too-many-lines':
      return t(
        'One order takes at most {max} different items. Your basket and your details are kept: please remove some items from your basket.',
        { max: BASKET_LINES_MAX },
      );
    case 'empty-basket':
      return t(
        'Your basket was emptied in another tab, window or device (an order placed there, for example), so nothing was ordered this time.',
      );
    case 'write':
      return t('Your order was not sent. Your basket is kept, so you can try again.');
    case 'service':
      return t(
        "We couldn't reach our order service, so your order was not sent. Your basket and your details are kept: please try again in a moment.",
      );
    case 'too-many-orders':
      return t('Your basket and your details are kept.');
    case 'pending':
      return t(
        'We have not heard back from our order service yet, so your order may still be placed. Your basket and your details are kept: please wait a moment and try again. Trying again never places the order twice.',
      );
    case 'not-found':
      return t("We couldn't find this order.");
    case 'unreachable':
      return t("We couldn't load this order right now. Please reload the page in a moment.");
    case 'payment':
      return t(
        'Your card was not charged and nothing was ordered. Your basket and your details are kept: please try again, or choose another payment method.',
      );
  }
}

/**
 * The outcome's h1, focused when it appears: the order was sent by a form whose button is gone,
 * so focus would stay on <body> and a screen reader would not announce the outcome. Focusable
 * from script only (tabIndex -1), so it is no stop in the Tab order.
 */
function OutcomeHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // In the commit, not after paint: the outcome is never on screen without the focus on it.
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <h1 id="checkout-confirmation-title" ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** Label and value pairs as a description list (what was provided; a receipt's facts). */
export function FactList({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="checkout-confirmation__provided">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An order's lines and its pricing summary (the confirmation, the order-status receipt). */
export function OrderLines({
  order,
}: {
  order: Pick<
    StoredOrder,
    'products' | 'discount' | 'shipment' | 'totalPrice' | 'currency' | 'market'
  >;
}) {
  const shop = useShopContext();
  // In the order's own currency, whatever the page's market (decision 5101).
  const market = marketOfOrder(order);
  return (
    <>
      <ul className="checkout-confirmation__products">
        {order.products.map((line) => (
          <ProductListItem
            key={lineKey(line)}
            product={line}
            href={shop.hrefFor('product', { id: line.id })}
            market={market}
          />
        ))}
      </ul>
      <PricingSummary
        // The stored order's own shipment and total: what the shopper was charged.
        summary={{
          ...priceLines(order.products, order.discount, market),
          shipment: order.shipment,
          total: order.totalPrice,
        }}
        discount={order.discount}
        market={market}
      />
    </>
  );
}

/** The guest's way back to an order (decision 1405): the order-status page, number filled in. */
export const orderStatusHref = (number: string) =>
  `${CHECKOUT_PATHS.orderStatus}?number=${encodeURIComponent(number)}`;

export function OrderSent({ order, guest = false }: { order: StoredOrder; guest?: boolean }) {
  const t = useMessages(messages);
  // The spec's messages (docs/product.md §8) in the page's language: the shared texts.
  const spec = useMessages(sharedMessages);
  const provided: [string, string][] = [
    ...PERSONAL_FIELDS.map((f): [string, string] => [fieldLabel(f), order.personalInformation[f]]),
    [fieldLabel(PAYMENT_FIELD), capitalise(order.paymentMethod)],
  ];
  return (
    <section className="checkout-confirmation" aria-labelledby="checkout-confirmation-title">
      <StepIndicator current={2} />
      <OutcomeHeading>{spec(MESSAGES.orderSentTitle)}</OutcomeHeading>
      {order.number ? (
        <p className="checkout-confirmation__reference">
          {t('Order number:')}{' '}
          <strong className="checkout-confirmation__number">{order.number}</strong>
        </p>
      ) : null}
      {order.number && guest ? (
        <p className="checkout-confirmation__reference">
          <Link to={orderStatusHref(order.number)} className="checkout-confirmation__find">
            {t('Find this order later')}
          </Link>{' '}
          {t('with its number and your email address.')}
        </p>
      ) : null}
      <p className="checkout-confirmation__reference">
        {t('Order reference:')} <span className="checkout-confirmation__key">{order.id}</span>
      </p>
      <div className="checkout-confirmation__grid">
        <div className="checkout-confirmation__card">
          <h2>{t('Informations provided:')}</h2>
          <FactList facts={provided} />
        </div>
        <div className="checkout-confirmation__card">
          <h2>{t('{count} products ordered:', { count: order.totalQuantity })}</h2>
          <OrderLines order={order} />
        </div>
      </div>
      <p className="checkout-confirmation__thanks">{t('Thank you for shopping with us!')}</p>
      <Link to="/" className="shop-button shop-button--primary">
        {t('Return to the home page')}
      </Link>
    </section>
  );
}

export function OrderFailed({ reason, detail }: { reason: OrderFailureReason; detail?: string }) {
  const t = useMessages(messages);
  // The spec's messages (docs/product.md §8) in the page's language: the shared texts.
  const spec = useMessages(sharedMessages);
  const shop = useShopContext();
  const fixInBasket = REASONS_FIXED_IN_BASKET.includes(reason);
  // The order service's own words name the items (out of stock); the page adds what to do.
  const namesItems = REASONS_NAMING_ITEMS.includes(reason);
  // A password for an email that has an account: no dead end, sign in or order without one. The
  // form's draft never keeps the password, so back on it the shopper is a guest.
  const hasAccount = reason === 'signup' && detail === MESSAGES.emailTaken;
  return (
    <section
      className="checkout-confirmation checkout-confirmation--failed"
      aria-labelledby="checkout-confirmation-title"
    >
      <OutcomeHeading>{spec(MESSAGES.orderFailedTitle)}</OutcomeHeading>
      <div role="alert" className="checkout-confirmation__alert">
        <p>{spec(MESSAGES.orderFailedBody)}</p>
        {namesItems && detail ? <p>{detail}</p> : null}
        <p>{namesItems ? failureDetail(reason, t) : (detail ?? failureDetail(reason, t))}</p>
        {hasAccount ? (
          <p>
            {t(
              'Nothing was ordered. Sign in to order with your account, or order as a guest without a password: your basket and your details are kept.',
            )}
          </p>
        ) : null}
      </div>
      <div className="checkout-confirmation__actions">
        {hasAccount && (
          <>
            <Link
              to={signInReturningTo(shop, CHECKOUT_PATHS.details)}
              className="shop-button shop-button--primary"
            >
              {t('Sign in and order')}
            </Link>
            <Link to={CHECKOUT_PATHS.details} className="shop-button shop-button--secondary">
              {t('Order as a guest')}
            </Link>
          </>
        )}
        {reason !== 'not-found' && reason !== 'unreachable' && !fixInBasket && !hasAccount && (
          <Link to={CHECKOUT_PATHS.details} className="shop-button shop-button--primary">
            {t('Try again')}
          </Link>
        )}
        <Link
          to={CHECKOUT_PATHS.basket}
          className={`shop-button ${fixInBasket ? 'shop-button--primary' : 'shop-button--secondary'}`}
        >
          {t('Review your basket')}
        </Link>
        <Link to="/" className="checkout-confirmation__home">
          {t('Return to the home page')}
        </Link>
      </div>
    </section>
  );
}

export function Confirmation({ data }: { data: ConfirmationData }) {
  // A signed-in shopper finds the order in the account; a guest by its number and email.
  const guest = !useAuth().isSignedIn;
  return data.outcome === 'sent' ? (
    <OrderSent order={data.order} guest={guest} />
  ) : (
    <OrderFailed reason={data.reason} detail={data.detail} />
  );
}

/**
 * A stored order's confirmation shown by the checkout itself, from the render that empties the
 * basket until the router has brought the confirmation's page, which shows the same
 * (decision 1601).
 */
export function ConfirmationInPlace({ order }: { order: StoredOrder }) {
  // That page opens at the top (the shell's scroll restoration); so does this one, at once. (In a
  // block: Chromium's scrollTo now returns a promise, which React would take for a cleanup.)
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return <Confirmation data={{ outcome: 'sent', order }} />;
}
