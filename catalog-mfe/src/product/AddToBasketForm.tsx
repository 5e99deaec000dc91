// Size, quantity (0–10) and "Add to basket". The basket lives on the bus (shared cart store), so
// the header's count changes the moment the line is added, whichever remote shows it.
import {
  Button,
  QUANTITY_MAX,
  QuantitySelector,
  cartActions,
  lineKey,
  toast,
  useCart,
  type Product,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { compareSizes } from '../browse/productQuery';

const SIZE_MISSING = 'Please choose a size.';

function quantityOf(
  products: readonly { id: string; size?: string; quantity: number }[],
  key: string,
) {
  return products.find((line) => lineKey(line) === key)?.quantity ?? 0;
}

export function AddToBasketForm({ product }: { product: Product }) {
  const ids = useId();
  const cart = useCart();
  const sizes = [...product.sizes].sort(compareSizes);
  const needsSize = sizes.length > 0;
  const [size, setSize] = useState(sizes.length === 1 ? sizes[0] : '');
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState('');
  const inBasket = cart.products
    .filter((line) => line.id === product.id)
    .reduce((sum, line) => sum + line.quantity, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsSize && !size) {
      setSizeError(SIZE_MISSING);
      document.getElementById(`${ids}-size-0`)?.focus();
      return;
    }
    const line = { id: product.id, quantity, ...(needsSize ? { size } : {}) };
    const key = lineKey(line);
    const before = quantityOf(cartActions.get().products, key);
    const after = quantityOf(cartActions.addProduct(line).products, key);
    const what = `${product.name}${needsSize ? ` (size ${size})` : ''}`;
    if (after === before) {
      toast.info(`You already have the most we can sell at once (${QUANTITY_MAX}) of ${what}.`);
    } else {
      const added = after - before;
      toast.success(`Added ${added} × ${what} to your basket.`);
    }
  };

  return (
    <form className="catalog-buy" onSubmit={submit} noValidate>
      {needsSize && (
        <fieldset
          className="catalog-sizes"
          aria-describedby={sizeError ? `${ids}-size-error` : undefined}
          aria-invalid={sizeError ? true : undefined}
        >
          <legend className="catalog-buy__label">
            Size{size ? <span className="catalog-sizes__chosen">: {size}</span> : null}
          </legend>
          <div className="catalog-sizes__options">
            {sizes.map((option, index) => (
              <label key={option} className="catalog-size">
                <input
                  id={`${ids}-size-${index}`}
                  type="radio"
                  name="size"
                  value={option}
                  checked={size === option}
                  onChange={() => {
                    setSize(option);
                    setSizeError('');
                  }}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
          {sizeError && (
            <p id={`${ids}-size-error`} className="catalog-buy__error" role="alert">
              {sizeError}
            </p>
          )}
        </fieldset>
      )}
      <div className="catalog-buy__row">
        <QuantitySelector value={quantity} onChange={setQuantity} label="Quantity" />
        <Button type="submit" className="catalog-buy__submit" disabled={quantity === 0}>
          Add to basket
        </Button>
      </div>
      {quantity === 0 && <p className="catalog-buy__hint">Choose a quantity of at least 1.</p>}
      {inBasket > 0 && (
        <p className="catalog-buy__in-basket">
          In your basket: {inBasket}. <Link to="/checkout">Review basket</Link>
        </p>
      )}
    </form>
  );
}
