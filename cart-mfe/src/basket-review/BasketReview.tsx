// The first checkout step (index of the checkout's layout): the basket's lines with editable quantities,
// the discount code, the price summary, and the way on to the details step.
import {
  Button,
  type ProductLine,
  Skeleton,
  cartActions,
  formatPrice,
  lineKey,
  priceLines,
  useCart,
  useMarket,
  useMessages,
  useShopContext,
} from '@shop/shared';
import { PricingSummary, ProductListItem } from '@shop/shared/ui';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { BasketLine } from '../catalog/productLines';
import { readyLines } from '../catalog/readyLines';
import { useBasketLines } from '../catalog/useBasketLines';
import { messages } from '../messages';
import { CompleteTheLook } from './CompleteTheLook';
import { DiscountCodeForm } from './DiscountCodeForm';
import { reviewState } from './reviewState';
import './basket-review.css';

const FRESH = 0;

function EmptyBasket() {
  const t = useMessages(messages);
  return (
    <div className="cart-review__empty">
      <p>{t('Your basket is empty.')}</p>
      <Link to="/" className="shop-button shop-button--primary">
        {t('Continue shopping')}
      </Link>
    </div>
  );
}

export function BasketReview() {
  const t = useMessages(messages);
  const shop = useShopContext();
  const cart = useCart();
  // Read afresh as the review opens: what is left of each size may have changed (decision 1406).
  const { loading, lines } = useBasketLines(cart.products, FRESH);
  const ready = useMemo(() => readyLines(lines), [lines]);
  // In the page market's currency, with its shipping fee (decision 5101).
  const market = useMarket();
  const summary = useMemo(
    () => priceLines(ready, cart.discount, market),
    [ready, cart.discount, market],
  );
  const { priced, canContinue, hint } = reviewState(loading, lines, t);

  // Keep the basket's totalPrice (docs/product.md §4 "set total price") in step with what is shown.
  useEffect(() => {
    if (priced && summary.total !== cartActions.get().totalPrice) {
      cartActions.setTotalPrice(summary.total);
    }
  }, [priced, summary.total]);

  if (cart.products.length === 0) {
    return (
      <section className="cart-review" aria-labelledby="cart-review-title">
        <h2 id="cart-review-title">{t('Your basket')}</h2>
        <EmptyBasket />
      </section>
    );
  }

  return (
    <section className="cart-review" aria-labelledby="cart-review-title">
      <h2 id="cart-review-title">
        {t('Your basket')} <span className="cart-review__count">({cart.totalQuantity})</span>
      </h2>
      <div className="cart-review__layout">
        <div className="cart-review__main">
          {loading ? (
            <Skeleton lines={3} height="6rem" label={t('Loading your basket...')} />
          ) : (
            <BasketLinesList lines={lines} />
          )}
          <DiscountCodeForm discount={cart.discount} />
          <CompleteTheLook productIds={cart.products.map((line) => line.id)} />
        </div>
        <aside className="cart-review__summary" aria-label={t('Order summary')}>
          <PricingSummary summary={summary} discount={cart.discount} market={shop.market} />
          {canContinue ? (
            <Link
              to={shop.hrefFor('checkout-details')}
              className="shop-button shop-button--primary shop-button--block"
            >
              {t('Continue to details')}
            </Link>
          ) : (
            <p className="cart-review__hint">{hint}</p>
          )}
          <Link to="/" className="cart-review__continue">
            {t('Continue shopping')}
          </Link>
        </aside>
      </div>
    </section>
  );
}

function BasketLinesList({ lines }: { lines: readonly BasketLine[] }) {
  const t = useMessages(messages);
  return (
    <ul className="cart-review__lines" aria-label={t('Products in your basket')}>
      {lines.map((entry) =>
        entry.status === 'ready' ? (
          <BasketLineItem
            key={lineKey(entry.line)}
            line={entry.line}
            stockWarning={entry.stockWarning}
          />
        ) : (
          <UnavailableLineItem key={lineKey(entry.line)} entry={entry} />
        ),
      )}
    </ul>
  );
}

/** A line whose product is gone or could not be read: why, and a way to remove it. */
function UnavailableLineItem({ entry }: { entry: Exclude<BasketLine, { status: 'ready' }> }) {
  const t = useMessages(messages);
  return (
    <li className="cart-review__line cart-review__line--missing">
      <p>
        {entry.status === 'missing'
          ? t('This product is no longer available.')
          : t("This product's details could not be loaded.")}
      </p>
      <Button
        variant="ghost"
        size="small"
        onClick={() => cartActions.setQuantity(lineKey(entry.line), 0)}
      >
        {t('Remove')}
      </Button>
    </li>
  );
}

function BasketLineItem({
  line,
  stockWarning,
}: {
  line: ProductLine;
  stockWarning: string | null;
}) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const market = useMarket();
  const key = lineKey(line);
  return (
    <li className="cart-review__line">
      <ProductListItem
        product={line}
        href={shop.hrefFor('product', { id: line.id })}
        editable
        as="div"
        market={market}
      />
      <p className="cart-review__line-total">
        <span className="cart-review__line-total-label">{t('Total')}</span>
        <span data-testid="line-total">
          {formatPrice(line.discountedPrice * line.quantity, shop.market)}
        </span>
      </p>
      {stockWarning ? (
        <p className="cart-review__stock" role="status">
          {stockWarning}
        </p>
      ) : null}
      <Button
        variant="ghost"
        size="small"
        className="cart-review__remove"
        aria-label={t('Remove {item} from the basket', {
          item: `${line.name}${line.size ? t(', size {size}', { size: line.size }) : ''}${
            line.colour ? `, ${line.colourLabel ?? line.colour}` : ''
          }`,
        })}
        onClick={() => cartActions.setQuantity(key, 0)}
      >
        {t('Remove')}
      </Button>
    </li>
  );
}
