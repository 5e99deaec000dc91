import { useCart } from '@shop/shared';
import { Link } from 'react-router-dom';

/** The header's mini basket: the count badge (quick view comes with the basket issue). */
export default function MiniBasket() {
  const cart = useCart();
  return (
    <Link
      to="/checkout"
      className="header-icon-link"
      aria-label={`Basket, ${cart.totalQuantity} items`}
    >
      Basket{' '}
      <span className="badge" data-testid="basket-count">
        {cart.totalQuantity}
      </span>
    </Link>
  );
}
