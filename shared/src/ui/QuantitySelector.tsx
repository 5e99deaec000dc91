import { useId } from 'react';
import { QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import { clampQuantity } from '../cart/cartDomain';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface QuantitySelectorProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Accessible label; visible unless `hideLabel`. */
  label?: string;
  hideLabel?: boolean;
  id?: string;
  disabled?: boolean;
}

const CHOICES = Array.from({ length: QUANTITY_MAX - QUANTITY_MIN + 1 }, (_, i) => QUANTITY_MIN + i);

/** A labelled select of the quantities 0..10 (docs/product.md §2, §9); 0 removes the line in the basket. */
export function QuantitySelector({
  value,
  onChange,
  label = 'Quantity',
  hideLabel = false,
  id,
  disabled,
}: QuantitySelectorProps) {
  const generated = useId();
  const selectId = id ?? `quantity-${generated}`;
  return (
    <span className="shop-quantity">
      <label htmlFor={selectId} className={hideLabel ? 'shop-visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={selectId}
        className="shop-select"
        value={clampQuantity(value)}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {CHOICES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </span>
  );
}
