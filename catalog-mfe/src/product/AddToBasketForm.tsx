// Size, colour, quantity (0–10) and "Add to basket". The basket lives on the bus (shared cart store), so
// the header's count changes the moment the line is added, whichever remote shows it. The stock and
// basket rules of the add: addToBasket.ts.
import {
  Button,
  sharedMessages,
  toast,
  useCart,
  useMessages,
  type Product,
  useShopContext,
} from '@shop/shared';
import { type StockLevel, stockLabel, stockLevel } from '@shop/shared/catalog/stock';
import { QuantitySelector } from '@shop/shared/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { compareSizes } from '../browse/productQuery';
import { addToBasket } from './addToBasket';
import { messages } from '../messages';

export interface AddToBasketFormProps {
  product: Product;
  /** The colour chosen (the product page names it in the image's alt text too); '' without colours. */
  colour: string;
  onColourChange: (colour: string) => void;
}

interface SizeChoiceProps {
  ids: string;
  sizes: string[];
  size: string;
  error: string;
  soldOut: (size: string) => boolean;
  onChange: (size: string) => void;
}

function SizeChoice({ ids, sizes, size, error, soldOut, onChange }: SizeChoiceProps) {
  const t = useMessages(messages);
  return (
    <fieldset
      className="catalog-sizes"
      aria-describedby={error ? `${ids}-size-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="catalog-buy__label">
        {t('Size')}
        {size ? <span className="catalog-sizes__chosen">: {size}</span> : null}
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
              // "46 , sold out" by Chromium.
              aria-label={soldOut(option) ? t('{size}, sold out', { size: option }) : undefined}
              onChange={() => onChange(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${ids}-size-error`} className="catalog-buy__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ColourChoice({
  colours,
  labels,
  colour,
  onChange,
}: {
  colours: string[];
  /** The colours' names in the page's language, one for each (decision 5101). */
  labels?: string[];
  colour: string;
  onChange: (colour: string) => void;
}) {
  const t = useMessages(messages);
  // Shoppers read the colour's name; the value kept and sent stays the colour itself.
  const label = (option: string) => labels?.[colours.indexOf(option)] ?? option;
  if (colours.length <= 1) {
    return colour ? (
      <p className="catalog-buy__label">
        {t('Colour')}
        <span className="catalog-sizes__chosen">: {label(colour)}</span>
      </p>
    ) : null;
  }
  return (
    <fieldset className="catalog-colours">
      <legend className="catalog-buy__label">
        {t('Colour')}
        <span className="catalog-sizes__chosen">: {label(colour)}</span>
      </legend>
      <div className="catalog-sizes__options">
        {colours.map((option) => (
          <label key={option} className="catalog-colour">
            <input
              type="radio"
              name="colour"
              value={option}
              checked={colour === option}
              onChange={() => onChange(option)}
            />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The stock line, announced as the size changes; nothing for a product whose stock is not tracked. */
function StockNote({ level, allSoldOut }: { level: StockLevel | null; allSoldOut: boolean }) {
  const t = useMessages(messages);
  const sharedT = useMessages(sharedMessages);
  return (
    <p
      className={`catalog-stock${level ? ` catalog-stock--${level.state}` : ''}`}
      aria-live="polite"
    >
      {allSoldOut ? t('Sold out') : level ? stockLabel(level, sharedT) : ''}
    </p>
  );
}

export function AddToBasketForm({ product, colour, onColourChange }: AddToBasketFormProps) {
  const t = useMessages(messages);
  const sharedT = useMessages(sharedMessages);
  const ids = useId();
  const sizes = [...product.sizes].sort(compareSizes);
  const needsSize = sizes.length > 0;
  const soldOut = (option: string | undefined) => stockLevel(product, option).state === 'sold-out';
  const [size, setSize] = useState(
    sizes.length === 1 && !soldOut(sizes[0]) ? (sizes[0] ?? '') : '',
  );
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState('');
  // Stock is per size (decision 1406): what the chosen size (or a product without sizes) has left.
  const allSoldOut = needsSize ? sizes.every((option) => soldOut(option)) : soldOut(undefined);
  const level = needsSize && !size ? null : stockLevel(product, needsSize ? size : undefined);
  const unavailable = allSoldOut || level?.state === 'sold-out';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsSize && !size) {
      setSizeError(t('Please choose a size.'));
      document.getElementById(`${ids}-size-0`)?.focus();
      return;
    }
    const message = addToBasket(
      product,
      {
        id: product.id,
        quantity,
        ...(needsSize ? { size } : {}),
        ...(colour ? { colour } : {}),
      },
      t,
      sharedT,
    );
    if (message.kind === 'success') toast.success(message.text);
    else toast.info(message.text);
  };

  return (
    <form className="catalog-buy" onSubmit={submit} noValidate>
      {needsSize && (
        <SizeChoice
          ids={ids}
          sizes={sizes}
          size={size}
          error={sizeError}
          soldOut={soldOut}
          onChange={(option) => {
            setSize(option);
            setSizeError('');
          }}
        />
      )}
      <ColourChoice
        colours={product.colours}
        labels={product.colourLabels}
        colour={colour}
        onChange={onColourChange}
      />
      <StockNote level={level} allSoldOut={allSoldOut} />
      <div className="catalog-buy__row">
        <QuantitySelector value={quantity} onChange={setQuantity} label={t('Quantity')} />
        <Button
          type="submit"
          className="catalog-buy__submit"
          disabled={quantity === 0 || unavailable}
        >
          {unavailable ? t('Sold out') : t('Add to basket')}
        </Button>
      </div>
      <BuyHints productId={product.id} quantity={quantity} />
    </form>
  );
}

/** Under the button: a quantity of 0 explained, and how many are in the basket already. */
function BuyHints({ productId, quantity }: { productId: string; quantity: number }) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const cart = useCart();
  const inBasket = cart.products
    .filter((line) => line.id === productId)
    .reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      {quantity === 0 && (
        <p className="catalog-buy__hint">{t('Choose a quantity of at least 1.')}</p>
      )}
      {inBasket > 0 && (
        <p className="catalog-buy__in-basket">
          {t('In your basket: {count}.', { count: inBasket })}{' '}
          <Link to={shop.hrefFor('basket')}>{t('Review basket')}</Link>
        </p>
      )}
    </>
  );
}
