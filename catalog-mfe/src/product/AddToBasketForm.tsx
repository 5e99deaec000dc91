// Size, colour, quantity (0–10) and "Add to basket". The basket lives on the bus (shared cart store), so
// the header's count changes the moment the line is added, whichever remote shows it.
import {
  BASKET_LINES_MAX,
  Button,
  QUANTITY_MAX,
  cartActions,
  describeItem,
  hrefFor,
  lineKey,
  stockLabel,
  stockLeft,
  stockLevel,
  toast,
  useCart,
  type Product,
} from '@shop/shared';
import { QuantitySelector } from '@shop/shared/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { compareSizes } from '../browse/productQuery';

const SIZE_MISSING = 'Please choose a size.';

function quantityOf(
  products: readonly { id: string; size?: string; colour?: string; quantity: number }[],
  key: string,
) {
  return products.find((line) => lineKey(line) === key)?.quantity ?? 0;
}

export interface AddToBasketFormProps {
  product: Product;
  /** The colour chosen (the product page names it in the image's alt text too); '' without colours. */
  colour: string;
  onColourChange: (colour: string) => void;
}

export function AddToBasketForm({ product, colour, onColourChange }: AddToBasketFormProps) {
  const ids = useId();
  const cart = useCart();
  const sizes = [...product.sizes].sort(compareSizes);
  const needsSize = sizes.length > 0;
  const soldOut = (option: string | undefined) => stockLevel(product, option).state === 'sold-out';
  const [size, setSize] = useState(sizes.length === 1 && !soldOut(sizes[0]) ? sizes[0] : '');
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState('');
  const inBasket = cart.products
    .filter((line) => line.id === product.id)
    .reduce((sum, line) => sum + line.quantity, 0);
  // Stock is per size (decision 1406): what the chosen size (or a product without sizes) has left.
  const allSoldOut = needsSize ? sizes.every((option) => soldOut(option)) : soldOut(undefined);
  const level = needsSize && !size ? null : stockLevel(product, needsSize ? size : undefined);
  const unavailable = allSoldOut || level?.state === 'sold-out';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsSize && !size) {
      setSizeError(SIZE_MISSING);
      document.getElementById(`${ids}-size-0`)?.focus();
      return;
    }
    const line = {
      id: product.id,
      quantity,
      ...(needsSize ? { size } : {}),
      ...(colour ? { colour } : {}),
    };
    const key = lineKey(line);
    const details = [needsSize ? `size ${size}` : '', colour].filter(Boolean).join(', ');
    const what = `${product.name}${details ? ` (${details})` : ''}`;
    // Every colour of a size draws on the size's count: the basket takes no more than is left.
    const left = stockLeft(product, line.size);
    let capped = '';
    if (left !== null) {
      const sameSize = cartActions
        .get()
        .products.filter((l) => l.id === product.id && (l.size ?? '') === (line.size ?? ''))
        .reduce((sum, l) => sum + l.quantity, 0);
      const room = left - sameSize;
      const item = describeItem(product.name, line.size);
      if (room <= 0) {
        toast.info(`Your basket already holds the last ${left} of ${item}.`);
        return;
      }
      if (room < line.quantity) {
        line.quantity = room;
        capped = ` Only ${left} left of ${item}: your basket now holds all of them.`;
      }
    }
    const before = quantityOf(cartActions.get().products, key);
    const after = quantityOf(cartActions.addProduct(line).products, key);
    if (after === before && before === 0) {
      toast.info(
        `Your basket already holds ${BASKET_LINES_MAX} different items, the most one order can take. Remove one to add ${what}.`,
      );
    } else if (after === before) {
      toast.info(`You already have the most we can sell at once (${QUANTITY_MAX}) of ${what}.`);
    } else {
      const added = after - before;
      // The line's limit took some of them: say so rather than add fewer without a word (issue 41).
      if (!capped && added < line.quantity) {
        capped = ` We sell at most ${QUANTITY_MAX} of an item at once: your basket now holds ${after}.`;
      }
      const message = `Added ${added} × ${what} to your basket.${capped}`;
      if (capped) toast.info(message);
      else toast.success(message);
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
                  disabled={soldOut(option)}
                  // Named in one piece: a hidden ", sold out" beside the visible size was read
                  // "46 , sold out" by Chromium (issue 41).
                  aria-label={soldOut(option) ? `${option}, sold out` : undefined}
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
      {product.colours.length > 1 ? (
        <fieldset className="catalog-colours">
          <legend className="catalog-buy__label">
            Colour<span className="catalog-sizes__chosen">: {colour}</span>
          </legend>
          <div className="catalog-sizes__options">
            {product.colours.map((option) => (
              <label key={option} className="catalog-colour">
                <input
                  type="radio"
                  name="colour"
                  value={option}
                  checked={colour === option}
                  onChange={() => onColourChange(option)}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : colour ? (
        <p className="catalog-buy__label">
          Colour<span className="catalog-sizes__chosen">: {colour}</span>
        </p>
      ) : null}
      {/* Announced as the size changes; nothing is said of a product whose stock is not tracked. */}
      <p
        className={`catalog-stock${level ? ` catalog-stock--${level.state}` : ''}`}
        aria-live="polite"
      >
        {allSoldOut ? 'Sold out' : level ? stockLabel(level) : ''}
      </p>
      <div className="catalog-buy__row">
        <QuantitySelector value={quantity} onChange={setQuantity} label="Quantity" />
        <Button
          type="submit"
          className="catalog-buy__submit"
          disabled={quantity === 0 || unavailable}
        >
          {unavailable ? 'Sold out' : 'Add to basket'}
        </Button>
      </div>
      {quantity === 0 && <p className="catalog-buy__hint">Choose a quantity of at least 1.</p>}
      {inBasket > 0 && (
        <p className="catalog-buy__in-basket">
          In your basket: {inBasket}. <Link to={hrefFor('basket')}>Review basket</Link>
        </p>
      )}
    </form>
  );
}
