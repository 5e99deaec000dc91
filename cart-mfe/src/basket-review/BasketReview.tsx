// The first checkout step (index of the checkout's layout): the basket's lines with editable quantities,
// the discount code, the price summary, and the way on to the details step.
import {
  Button,
  type ProductLine,
  Skeleton,
  cartActions,
  formatPrice,
  hrefFor,
  lineKey,
  priceLines,
  useCart,
} from '@shop/shared';
import { PricingSummary, ProductListItem } from '@shop/shared/ui';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { productPage } from '../catalog/productPage';
import { useBasketLines } from '../catalog/useBasketLines';
import { CompleteTheLook } from './CompleteTheLook';
import { DiscountCodeForm } from './DiscountCodeForm';
import './basket-review.css';

const FRESH = 0;

function EmptyBasket() {
  return (
    <div className="cart-review__empty">
      <p>Your basket is empty.</p>
      <Link to="/" className="shop-button shop-button--primary">
        Continue shopping
      </Link>
    </div>
  );
}

export function BasketReview() {
  const cart = useCart();
  // Read afresh as the review opens: what is left of each size may have changed (decision 1406).
  const { loading, lines } = useBasketLines(cart.products, FRESH);
  const ready = useMemo(
    () => lines.flatMap((l) => (l.status === 'ready' ? [l.line] : [])),
    [lines],
  );
  const unavailable = lines.filter((l) => l.status !== 'ready');
  const beyondStock = lines.some((l) => l.status === 'ready' && l.stockWarning !== null);
  const summary = useMemo(() => priceLines(ready, cart.discount), [ready, cart.discount]);

  // Keep the basket's totalPrice (docs/product.md §4 "set total price") in step with what is shown.
  const priced = !loading && unavailable.length === 0 && ready.length > 0;
  useEffect(() => {
    if (priced && summary.total !== cartActions.get().totalPrice) {
      cartActions.setTotalPrice(summary.total);
    }
  }, [priced, summary.total]);

  if (cart.products.length === 0) {
    return (
      <section className="cart-review" aria-labelledby="cart-review-title">
        <h2 id="cart-review-title">Your basket</h2>
        <EmptyBasket />
      </section>
    );
  }

  return (
    <section className="cart-review" aria-labelledby="cart-review-title">
      <h2 id="cart-review-title">
        Your basket <span className="cart-review__count">({cart.totalQuantity})</span>
      </h2>
      <div className="cart-review__layout">
        <div className="cart-review__main">
          {loading ? (
            <Skeleton lines={3} height="6rem" label="Loading your basket..." />
          ) : (
            <ul className="cart-review__lines" aria-label="Products in your basket">
              {lines.map((entry) =>
                entry.status === 'ready' ? (
                  <BasketLineItem
                    key={lineKey(entry.line)}
                    line={entry.line}
                    stockWarning={entry.stockWarning}
                  />
                ) : (
                  <li
                    key={lineKey(entry.line)}
                    className="cart-review__line cart-review__line--missing"
                  >
                    <p>
                      {entry.status === 'missing'
                        ? 'This product is no longer available.'
                        : "This product's details could not be loaded."}
                    </p>
                    <Button
                      variant="ghost"
                      size="small"
                      onClick={() => cartActions.setQuantity(lineKey(entry.line), 0)}
                    >
                      Remove
                    </Button>
                  </li>
                ),
              )}
            </ul>
          )}
          <DiscountCodeForm discount={cart.discount} />
          <CompleteTheLook productIds={cart.products.map((line) => line.id)} />
        </div>
        <aside className="cart-review__summary" aria-label="Order summary">
          <PricingSummary summary={summary} discount={cart.discount} />
          {priced && !beyondStock ? (
            <Link
              to={hrefFor('checkout-details')}
              className="shop-button shop-button--primary shop-button--block"
            >
              Continue to details
            </Link>
          ) : (
            <p className="cart-review__hint">
              {loading
                ? 'Loading prices...'
                : unavailable.length > 0
                  ? 'Remove the unavailable products to continue.'
                  : 'Lower the quantities marked above to what is left to continue.'}
            </p>
          )}
          <Link to="/" className="cart-review__continue">
            Continue shopping
          </Link>
        </aside>
      </div>
    </section>
  );
}

function BasketLineItem({
  line,
  stockWarning,
}: {
  line: ProductLine;
  stockWarning: string | null;
}) {
  const key = lineKey(line);
  return (
    <li className="cart-review__line">
      <ProductListItem product={line} href={productPage(line.id)} editable as="div" />
      <p className="cart-review__line-total">
        <span className="cart-review__line-total-label">Total</span>
        <span data-testid="line-total">{formatPrice(line.discountedPrice * line.quantity)}</span>
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
        aria-label={`Remove ${line.name}${line.size ? `, size ${line.size}` : ''}${
          line.colour ? `, ${line.colour}` : ''
        } from the basket`}
        onClick={() => cartActions.setQuantity(key, 0)}
      >
        Remove
      </Button>
    </li>
  );
}
