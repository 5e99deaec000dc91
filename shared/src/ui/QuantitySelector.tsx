// The main module's texts and market (one React context and one loaded catalogue per page): this
// part is bundled into each app that imports it (decision 1312; shared/CONTRACT.md §9b).
import { sharedMessages, useMessages } from '@shop/shared';
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
  /**
   * The lowest choice: QUANTITY_MIN (0) by default; the basket offers 1..10, since its lines have
   * their own Remove button and a 0 chosen by a slip of the finger removed a line.
   */
  min?: number;
}

/** A labelled select of the quantities min..10 (0..10 by default: docs/product.md §2, §9). */
export function QuantitySelector({
  value,
  onChange,
  label: givenLabel,
  hideLabel = false,
  id,
  disabled,
  min = QUANTITY_MIN,
}: QuantitySelectorProps) {
  const t = useMessages(sharedMessages);
  const label = givenLabel ?? t('Quantity');
  const generated = useId();
  const choices = Array.from({ length: QUANTITY_MAX - min + 1 }, (_, i) => min + i);
  const selectId = id ?? `quantity-${generated}`;
  return (
    <span className="shop-quantity">
      <label htmlFor={selectId} className={hideLabel ? 'shop-visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={selectId}
        className="shop-select"
        value={Math.max(min, clampQuantity(value))}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </span>
  );
}
